import ChatTranscript
import ChatTranscriptStreams

/// `transcript layout`'s table: a row per laid-out row, `ID<TAB>Y<TAB>HEIGHT<TAB>KIND`, KIND
/// being `item` or `injected`. Shared with the benchmark, which times the command's path.
public enum LayoutTable {
  /// Writes `rows` (``ChatTranscriptController/rowFrames``) field by field, without a string per
  /// row: a million rows would make four million strings.
  public static func write(
    _ rows: [(id: String, isInjected: Bool, frame: Rect)], to output: inout OutputBuffer
  ) {
    for (id, isInjected, frame) in rows { write(id, isInjected: isInjected, frame: frame, to: &output) }
  }

  /// Writes the rows of `controller`'s layout (``ChatTranscriptController/forEachRowFrame(_:)``),
  /// read in place: no array of a million frames is made only to be written out.
  public static func write(rowsOf controller: ChatTranscriptController, to output: inout OutputBuffer) {
    controller.forEachRowFrame { id, isInjected, frame in
      write(id, isInjected: isInjected, frame: frame, to: &output)
    }
  }

  private static func write(_ id: String, isInjected: Bool, frame: Rect, to output: inout OutputBuffer) {
    output.append(escapedField(id))
    output.append(byte: UInt8(ascii: "\t"))
    appendNumber(frame.minY, to: &output)
    output.append(byte: UInt8(ascii: "\t"))
    appendNumber(frame.height, to: &output)
    output.append(isInjected ? "\tinjected\n" : "\titem\n")
  }

  /// Whole numbers without a fraction, others as Swift prints them.
  private static func appendNumber(_ value: Double, to output: inout OutputBuffer) {
    if value == value.rounded() && abs(value) < 1e15 {
      output.append(decimal: Int(value))
    } else {
      output.append(String(value))
    }
  }
}

/// Untrusted text made safe for one tab-separated field on one line of output.
///
/// Backslash, tab, CR and LF become `\\`, `\t`, `\r`, `\n`; the other characters that
/// `isUnsafeToPrint` names (controls, line and paragraph separators, bidi controls) become
/// `\u{…}`, as in diagnostics, so an id can neither break the record nor drive a terminal.
public func escapedField(_ text: String) -> String {
  // Printable ASCII other than the backslash is kept: one pass over the bytes for most ids.
  var bytes = text
  if bytes.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") } }) { return text }
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
