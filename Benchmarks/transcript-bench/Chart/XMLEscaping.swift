import ChatTranscriptRendering

/// Text made safe for SVG (XML) content and attribute values.
///
/// Every string in the chart goes through this — scenario names are ours, but the title carries
/// an input file name, which may hold anything.
enum XMLEscaping {
  static func escaped(_ text: String) -> String {
    // Control characters other than tab and newline are not allowed in XML 1.0 at all; the
    // rest is the renderers' markup escaping.
    let allowed = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" && $0 != "\n" ? "\u{FFFD}" : $0 }))
    return markupEscaped(allowed)
  }
}
