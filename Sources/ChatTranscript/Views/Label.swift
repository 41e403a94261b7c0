/// A view that shows text, wrapped to its width by the renderer's text measurer.
open class Label: View {
  /// Read and written without the run-time exclusivity check, as ``View``'s plain values are.
  @exclusivity(unchecked) public var text: String

  public init(text: String = "", frame: Rect = .zero) {
    self.text = text
    super.init(frame: frame)
    kind = .label
  }
}
