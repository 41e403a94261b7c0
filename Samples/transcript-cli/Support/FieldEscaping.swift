/// Untrusted text made safe for one tab-separated field on one line of output.
///
/// Backslash, tab, CR and LF become `\\`, `\t`, `\r`, `\n`; other controls and bidi
/// overrides become `\u{…}`, so an id can neither break the record nor drive a terminal.
func escapedField(_ text: String) -> String {
  var needsEscaping = false
  for scalar in text.unicodeScalars where scalar.value < 0x20 || scalar == "\\" || isTerminalHostile(scalar) {
    needsEscaping = true
    break
  }
  guard needsEscaping else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": result += "\\\\"
    case "\t": result += "\\t"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case _ where scalar.value < 0x20 || isTerminalHostile(scalar):
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// DEL, C1 controls and bidi embedding, override and isolate controls.
func isTerminalHostile(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}
