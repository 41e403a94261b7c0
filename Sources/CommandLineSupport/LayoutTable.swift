import ChatTranscriptStreams

/// Untrusted text made safe for one tab-separated field on one line of output.
///
/// Backslash, tab, CR and LF become `\\`, `\t`, `\r`, `\n`; the other characters that
/// `isUnsafeToPrint` names (controls, line and paragraph separators, bidi controls) become
/// `\u{…}`, as in diagnostics, so an id can neither break the record nor drive a terminal.
func escapedField(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { $0 == "\\" || isUnsafeToPrint($0) }) else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": result += "\\\\"
    case "\t": result += "\\t"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case _ where isUnsafeToPrint(scalar):
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}
