import ChatTranscript
import TextLayout

/// What a viewport shows, flattened into drawing commands every renderer understands.
///
/// Built once from the view tree (visible cells, their subviews, wrapped label lines) in
/// character cells with the viewport's top-left at (0, 0), so the terminal, plain-text, SVG
/// and HTML renderers agree on every position. Text in a scene is already made visible:
/// control characters and bidi controls from message text are replaced (see
/// ``RenderScene/visibleText(_:)``), so no renderer can pass them on.
public struct RenderScene: Sendable, Hashable {
  /// One drawing command; `style` is the view's `styleName`.
  public enum Element: Sendable, Hashable {
    /// A filled rectangle (a bubble, a photo box, a separator band).
    case box(x: Int, y: Int, width: Int, height: Int, style: String)
    /// One wrapped line of a label, at most `width` columns wide.
    case text(String, x: Int, y: Int, width: Int, style: String?)
    /// An image placeholder: an outlined box with a description.
    case image(description: String, x: Int, y: Int, width: Int, height: Int, style: String?)
    /// A selected row's band, behind its cell: a highlight in colour (the palette's
    /// ``RenderPalette/selectionStyleName`` style), a marker in the row's free margin in plain
    /// text (see ``PlainTextRenderer``).
    case selection(x: Int, y: Int, width: Int, height: Int)
  }

  /// Size in character cells.
  public var width: Int
  public var height: Int
  /// Back to front.
  public var elements: [Element]

  public init(width: Int, height: Int, elements: [Element]) {
    self.width = width
    self.height = height
    self.elements = elements
  }

  /// The viewport of `collectionView` as a scene; labels wrapped by `measurer`. Selected rows
  /// get a ``Element/selection(x:y:width:height:)`` band, and the pinned header is drawn last,
  /// over the rows it covers. The same as reading a ``SceneDraft`` and wrapping it here.
  ///
  /// - Parameter lineCache: Lines wrapped for earlier scenes of the same views, reused when a
  ///   label still shows the same text at the same width (drawing page by page); `nil` wraps
  ///   every label.
  public init(
    _ collectionView: CollectionView, measurer: any TextMeasurer = TerminalTextMeasurer(),
    lineCache: LabelLineCache? = nil
  ) {
    self = SceneDraft(collectionView).scene(measurer: measurer, lineCache: lineCache)
  }

  /// A coordinate in whole cells; non-finite values become 0.
  static func cell(_ value: Double) -> Int {
    value.isFinite ? Int(min(max(value, -1_000_000), 1_000_000).rounded(.down)) : 0
  }

  /// The most cells a scene spans each way: a bound on the memory one drawing can take,
  /// whatever size a viewport claims.
  public static let maximumCells = Columns.limit

  /// A length in whole cells; non-finite or negative lengths are empty.
  static func cells(_ length: Double) -> Int { Columns.of(length) }

  /// Untrusted text with everything that could act on a terminal made visible instead: the
  /// form presenters measure and the scene draws (see ``VisibleText``).
  ///
  /// - Complexity: O(n); returns `text` itself when nothing needs replacing.
  public static func visibleText(_ text: String) -> String { VisibleText.of(text) }
}
