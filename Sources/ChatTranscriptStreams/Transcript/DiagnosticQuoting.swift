/// Untrusted text (ids, op names) quoted for an error message on a terminal.
///
/// Quotes and backslashes are escaped, and every character ``isUnsafeToPrint(_:)`` names becomes
/// a `\u{…}` escape, so a hostile id can neither move the cursor, nor split the line, nor reorder
/// it; values past `limit` scalars are cut with "…" so a 10 MB id cannot flood stderr.
public func quotedForDiagnostics(_ text: String, limit: Int = 40) -> String {
  var result = "\""
  for (index, scalar) in text.unicodeScalars.enumerated() {
    if index == limit {
      result += "…"
      break
    }
    switch scalar {
    case "\"": result += "\\\""
    default: appendEscaped(scalar, to: &result)
    }
  }
  return result + "\""
}

/// Untrusted text that names something (a file name, a command-line argument) escaped for an error
/// message, without quotes and whole, so that a plain name reads as given.
///
/// Backslashes and the characters ``isUnsafeToPrint(_:)`` names are escaped as in
/// ``quotedForDiagnostics(_:limit:)``.
public func escapedForDiagnostics(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { $0 == "\\" || isUnsafeToPrint($0) }) else { return text }
  var result = ""
  for scalar in text.unicodeScalars { appendEscaped(scalar, to: &result) }
  return result
}

/// Whether a character of untrusted text must be escaped before it is printed: it could drive a
/// terminal, end a line or a field for a program reading the output, or reorder what is shown.
///
/// These are the C0 controls (tab, line feed, vertical tab, form feed, carriage return and the
/// information separators among them), DEL, the C1 controls (next line among them), the line and
/// paragraph separators, and the bidirectional marks, embeddings, overrides and isolates.
public func isUnsafeToPrint(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
    true
  default: false
  }
}

/// Appends `scalar`, as `\\` when it is a backslash and as `\u{X}` when it is unsafe to print.
private func appendEscaped(_ scalar: Unicode.Scalar, to result: inout String) {
  if scalar == "\\" {
    result += "\\\\"
  } else if isUnsafeToPrint(scalar) {
    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  } else {
    result.unicodeScalars.append(scalar)
  }
}
