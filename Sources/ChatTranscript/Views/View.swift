/// A node of the off-screen view tree: a frame in its parent's coordinates and subviews.
///
/// Cells are views; renderers walk the tree. Views belong to the transcript's owner and
/// never leave it, so they are deliberately not `Sendable`.
open class View {
  // The plain values a view holds are read and written without Swift's run-time exclusivity
  // check: a view belongs to one owner on one thread, nothing lends out its properties
  // `inout`, and the checks cost `transcript render` about 6% of its instructions (drawing
  // reads these values hundreds of thousands of times).
  /// Position and size in the parent's coordinate space.
  @exclusivity(unchecked) open var frame: Rect
  @exclusivity(unchecked) public var isHidden = false
  /// A colour or style name for renderers (e.g. "bubble.outgoing"); the engine attaches no meaning.
  @exclusivity(unchecked) public var styleName: String?
  @exclusivity(unchecked) public private(set) var subviews: [View] = []
  /// Not `weak`: a weakly referenced object gets a side table, which sent every retain and
  /// release of a parent view (every cell) down a slower path, a sixth of the main thread's
  /// time drawing a transcript. A parent outlives its subviews' link to it instead: it is
  /// cleared when a subview leaves and when the parent goes (`deinit`), all on the view's one
  /// owner thread.
  @exclusivity(unchecked) public private(set) unowned(unsafe) var superview: View?
  /// Which of the engine's kinds of view this is, for renderers: set once by the kind's own
  /// initializer and read with a load. Two class casts per view, with the open frame read four
  /// times, cost a tenth of reading a page's views.
  @exclusivity(unchecked) package internal(set) var kind = Kind.plain

  /// The kinds of view renderers draw differently; a subclass is the kind it inherits.
  package enum Kind: Sendable {
    case plain, label, button, imagePlaceholder
  }

  public init(frame: Rect = .zero) {
    self.frame = frame
  }

  deinit {
    for subview in subviews { subview.superview = nil }
  }

  public func addSubview(_ view: View) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  /// - Complexity: O(n) for a parent of n subviews, a compare and a move per subview; views
  ///   leave in about the order they came (cells scrolling out), so the search is usually short.
  /// Removes every subview `shouldRemove` picks, in one pass: O(subviews), where removing
  /// them one by one shifts the rest each time.
  public func removeSubviews(where shouldRemove: (View) -> Bool) {
    subviews.removeAll { subview in
      guard shouldRemove(subview) else { return false }
      subview.superview = nil
      return true
    }
  }

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
