/// A view that shows text, wrapped to its width by the renderer's text measurer.
open class Label: View {
  /// Read and written without the run-time exclusivity check, as ``View``'s plain values are.
  @exclusivity(unchecked) public var text: String
  /// What a renderer keeps about this label between drawings (its wrapped lines), checked
  /// against the text before it is used: kept here, it is found without the hashing a table
  /// beside the views cost for every label drawn.
  @exclusivity(unchecked) package var renderingMemo: AnyObject?

  public init(text: String = "", frame: Rect = .zero) {
    self.text = text
    super.init(frame: frame)
  }
}
