import ChatTranscript
import TextLayout

extension ItemTextMeasurer {
  /// ``width(of:)`` of a line that many items show, such as a sender's name, through the
  /// shared cache: in points it is measured once, not once per message that shows it.
  ///
  /// The entry's id is the line itself, compared byte for byte, so it is only ever the same
  /// line measured at the same width (an item whose id and text were that line would have the
  /// very same metrics).
  public func width(ofRecurringLine line: String) -> Int {
    guard measuresInPoints else { return width(of: line) }
    return cache.metrics(id: line, text: line, width: Columns.limit) {
      measurer.measure(VisibleText.of(line), maxWidth: Columns.limit)
    }.widestLine
  }
}
