/// Text made safe inside XML and HTML text and attribute values (`&`, `<`, `>`, quotes).
///
/// Public for tools that write markup of their own next to the renderers' output.
public func markupEscaped(_ text: String) -> String {
  guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
  else {
    return text
  }
  var result = ""
  result.reserveCapacity(text.utf8.count + 16)
  for character in text.unicodeScalars {
    switch character {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&#39;"
    default: result.unicodeScalars.append(character)
    }
  }
  return result
}
