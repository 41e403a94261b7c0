/// A box that stands where an image will be drawn; renderers show its frame and description.
open class ImagePlaceholder: View {
  /// What the image shows, for plain-text and terminal renderers (e.g. "photo 1200×800").
  public var imageDescription: String

  public init(imageDescription: String = "", frame: Rect = .zero) {
    self.imageDescription = imageDescription
    super.init(frame: frame)
    kind = .imagePlaceholder
  }
}
