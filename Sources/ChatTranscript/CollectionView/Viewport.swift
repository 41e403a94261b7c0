/// The visible window onto the transcript: its size and how far the content is scrolled.
public struct Viewport: Sendable, Hashable {
  public var width: Double
  public var height: Double
  /// The content y shown at the top of the viewport.
  public var contentOffset: Double

  public init(width: Double, height: Double, contentOffset: Double = 0) {
    self.width = width
    self.height = height
    self.contentOffset = contentOffset
  }

  /// The viewport as a rectangle in content coordinates.
  public var bounds: Rect { Rect(x: 0, y: contentOffset, width: width, height: height) }
}
