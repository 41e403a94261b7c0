/// Untrusted text (ids, op names) quoted for an error message on a terminal.
///
/// Quotes and backslashes are escaped; C0 and C1 controls, DEL and bidi overrides and
/// isolates become `\u{…}` escapes, so a hostile id can neither move the cursor nor reorder
/// the line; values past `limit` scalars are cut with "…" so a 10 MB id cannot flood stderr.
func quotedForDiagnostics(_ text: String, limit: Int = 40) -> String {
  var result = "\""
  for (index, scalar) in text.unicodeScalars.enumerated() {
    if index == limit {
      result += "…"
      break
    }
    switch scalar.value {
    case 0x22: result += "\\\""
    case 0x5C: result += "\\\\"
    case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
