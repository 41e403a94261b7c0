/// Text made safe inside XML and HTML text and attribute values: `&`, `<`, `>` and quotes
/// are escaped, and every character XML 1.0 forbids or a document should not hold (controls
/// other than tab, line feed and carriage return, C1 controls, and the noncharacters such as
/// U+FFFE, U+FFFF and U+FDD0…U+FDEF) becomes U+FFFD, so the document is well-formed whatever
/// the text holds.
///
/// Public for tools that write markup of their own next to the renderers' output.
public func markupEscaped(_ text: String) -> String {
  // Only the bytes that can start something to escape or replace send a text the slow way:
  // the five ASCII specials, controls, and the lead bytes of C1 controls (0xC2) and of the
  // noncharacters (0xEF, 0xF0…0xF4).
  guard
    text.utf8.contains(where: {
      $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0x7F
        || $0 == 0xC2 || $0 >= 0xEF
    })
  else {
    return text
  }
  var result = ""
  result.reserveCapacity(text.utf8.count + 16)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&#39;"
    default:
      result.unicodeScalars.append(isAllowedInMarkup(scalar) ? scalar : "\u{FFFD}")
    }
  }
  return result
}

/// Whether XML 1.0's `Char` production allows `scalar` and it is not a control or a
/// noncharacter.
private func isAllowedInMarkup(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09, 0x0A, 0x0D: true
  case 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: false
  default: scalar.value & 0xFFFE != 0xFFFE
  }
}

/// A style name as a class name that is also a valid CSS class selector: every character but
/// ASCII letters, digits, `-` and `_` becomes `-` (`bubble.incoming` → `bubble-incoming`, not
/// the two classes `.bubble.incoming` would select), and a name that would start with a digit
/// or be empty gets an `s-` prefix.
func cssClassName(_ style: String) -> String {
  var name = String(
    decoding: style.utf8.map { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        byte
      default: UInt8(ascii: "-")
      }
    }, as: UTF8.self)
  let startsBadly = name.first.map { $0.isASCII && $0.isNumber } ?? true
  let startsWithDashDigit =
    name.hasPrefix("-") && name.dropFirst().first.map { $0.isNumber || $0 == "-" } ?? true
  if startsBadly || startsWithDashDigit { name = "s-" + name }
  return name
}
