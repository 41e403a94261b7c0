/// A node of the off-screen view tree: a frame in its parent's coordinates and subviews.
///
/// Cells are views; renderers walk the tree. Views belong to the transcript's owner and
/// never leave it, so they are deliberately not `Sendable`.
open class View {
  /// Position and size in the parent's coordinate space.
  open var frame: Rect
  public var isHidden = false
  /// A colour or style name for renderers (e.g. "bubble.outgoing"); the engine attaches no meaning.
  public var styleName: String?
  public private(set) var subviews: [View] = []
  public private(set) weak var superview: View?

  public init(frame: Rect = .zero) {
    self.frame = frame
  }

  public func addSubview(_ view: View) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  /// - Complexity: O(n) for a parent of n subviews, a compare and a move per subview; views
  ///   leave in about the order they came (cells scrolling out), so the search is usually short.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    if let index = parent.subviews.firstIndex(where: { $0 === self }) {
      parent.subviews.remove(at: index)
    }
    superview = nil
  }

  /// The frame of `self` in the coordinates of `ancestor` (or of the root when `nil`).
  public func frame(in ancestor: View? = nil) -> Rect {
    var result = frame
    var parent = superview
    while let current = parent, current !== ancestor {
      result.origin.x += current.frame.minX
      result.origin.y += current.frame.minY
      parent = current.superview
    }
    return result
  }

  /// The deepest visible view containing `point` (in this view's own coordinates), front-most first.
  public func hitTest(_ point: Point) -> View? {
    guard !isHidden, Rect(origin: .zero, size: frame.size).contains(point) else { return nil }
    for subview in subviews.reversed() {
      let local = Point(x: point.x - subview.frame.minX, y: point.y - subview.frame.minY)
      if let hit = subview.hitTest(local) { return hit }
    }
    return self
  }
}
