import TextLayout

/// A view that shows text, wrapped to its width by the renderer's text measurer.
open class Label: View {
  /// Read and written without the run-time exclusivity check, as ``View``'s plain values are.
  @exclusivity(unchecked) public var text: String
  /// Where the lines of `text` may already be known (the memo of the item it comes from): a
  /// renderer in terminal columns draws the lines remembered there instead of wrapping again.
  @exclusivity(unchecked) package var lineMemo: (any LineMemo)?

  public init(text: String = "", frame: Rect = .zero) {
    self.text = text
    super.init(frame: frame)
    kind = .label
  }
}
