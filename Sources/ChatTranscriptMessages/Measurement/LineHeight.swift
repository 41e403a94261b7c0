import TextLayout

/// The height of one line of text, as the kit's layouts take it (see ``ItemTextMeasurer``).
enum LineHeight {
  /// The line height `measurer` gives its lines: the font's for a `PointTextMeasurer`, one
  /// row for any other (the terminal measurer's lines are rows).
  static func of(_ measurer: any TextMeasurer) -> Double {
    (measurer as? PointTextMeasurer)?.lineHeight ?? 1
  }

  /// `value` when it is finite and positive, else 1.
  static func sanitized(_ value: Double) -> Double {
    value.isFinite && value > 0 ? value : 1
  }
}
