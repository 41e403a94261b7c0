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
  /// The first row other cells may draw on: the rows above it are the pinned header's, which
  /// hides what it is drawn over.
  private var firstUncoveredRow = 0

  public init(width: Int, height: Int, elements: [Element]) {
    self.width = width
    self.height = height
    self.elements = elements
  }

  /// The viewport of `collectionView` as a scene; labels wrapped by `measurer`. Selected rows
  /// get a ``Element/selection(x:y:width:height:)`` band, and the pinned header is drawn last,
  /// over the rows it covers.
  ///
  /// - Parameter lineCache: Lines wrapped for earlier scenes of the same views, reused when a
  ///   label still shows the same text at the same width (drawing page by page); `nil` wraps
  ///   every label.
  public init(
    _ collectionView: CollectionView, measurer: any TextMeasurer = TerminalTextMeasurer(),
    lineCache: LabelLineCache? = nil
  ) {
    let viewport = collectionView.viewport
    self.init(width: Self.cells(viewport.width), height: Self.cells(viewport.height), elements: [])
    let cache = lineCache ?? LabelLineCache(keepsLines: false)
    let wrapsInColumns = measurer is TerminalTextMeasurer
    let origin = Point(x: 0, y: -viewport.contentOffset)
    let pinned = collectionView.pinnedHeader
    if let frame = pinned?.cell.frame {
      firstUncoveredRow = max(Self.cell(frame.minY - viewport.contentOffset) + Self.cells(frame.height), 0)
    }
    let cells = collectionView.visibleCells
    // A bubble draws a handful of elements: growing the array a page's worth of times moved
    // every element each time.
    elements.reserveCapacity(cells.count * 6)
    let wrapping = Wrapping(measurer: measurer, cache: cache, inColumns: wrapsInColumns)
    for (row, cell) in cells where row != pinned?.row {
      addCell(cell, origin: origin, wrapping: wrapping)
    }
    firstUncoveredRow = 0
    if let pinned { addCell(pinned.cell, origin: origin, wrapping: wrapping) }
  }

  /// How labels are wrapped: the measurer, the cache of lines, and whether the measurer
  /// wraps in character cells (see ``LabelLineCache``).
  private struct Wrapping {
    var measurer: any TextMeasurer
    var cache: LabelLineCache
    var inColumns: Bool
  }

  /// A cell and, when its row is selected, the band behind it.
  private mutating func addCell(_ cell: CollectionViewCell, origin: Point, wrapping: Wrapping) {
    let y = Self.cell(origin.y + cell.frame.minY)
    let rows = rowsInScene(y: y, height: cell.frame.height)
    if cell.isSelected, !cell.isHidden, !rows.isEmpty {
      elements.append(
        .selection(
          x: Self.cell(origin.x + cell.frame.minX), y: rows.lowerBound, width: Self.cells(cell.frame.width),
          height: rows.count))
    }
    add(cell, origin: origin, wrapping: wrapping)
  }

  private mutating func add(_ view: View, origin: Point, wrapping: Wrapping) {
    guard !view.isHidden else { return }
    let frame = Rect(
      x: origin.x + view.frame.minX, y: origin.y + view.frame.minY, width: view.frame.width,
      height: view.frame.height)
    let x = Self.cell(frame.minX)
    let y = Self.cell(frame.minY)
    let width = Self.cells(frame.width)
    let height = Self.cells(frame.height)
    // Boxes and text lines are cut to the scene's rows: a view taller than the 100,000 rows a
    // length may have (a 10 MB message) lost everything past that, even in a scene scrolled
    // down to it, and each of its lines outside the scene still cost an element.
    let rows = rowsInScene(y: y, height: frame.height)
    // Cast once: a view is a label, a placeholder, or neither.
    let label = view as? Label
    if label == nil, let placeholder = view as? ImagePlaceholder {
      elements.append(
        .image(
          description: Self.visibleText(placeholder.imageDescription), x: x, y: y, width: width,
          height: height,
          style: view.styleName))
    } else {
      if let style = view.styleName, width > 0, !rows.isEmpty, label == nil || view is Button {
        elements.append(.box(x: x, y: rows.lowerBound, width: width, height: rows.count, style: style))
      }
      if let label, !label.text.isEmpty, width > 0, !rows.isEmpty {
        let (text, lines) = wrapping.cache.lines(
          of: label, width: width, measurer: wrapping.measurer, wrapsInColumns: wrapping.inColumns,
          keeps: rows.upperBound < y + height)
        // A text of one line is drawn as it is, not copied out of itself.
        let isWhole = lines.count == 1 && lines[0].range == text.startIndex..<text.endIndex
        // A label can be taller than its lines (its text was sized differently, or it is
        // padded); scrolled past its last line, the first line to draw is past the end.
        let first = max(rows.lowerBound - y, 0)
        let end = min(rows.upperBound - y, lines.count)
        for index in first..<max(end, first) {
          // Only a cluster wider than the label makes a line wider than it (the wrapping
          // gives such a cluster a line of its own): it is drawn as one replacement
          // character rather than overflow the label or vanish.
          let line =
            lines[index].width > width ? "\u{FFFD}" : isWhole ? text : String(text[lines[index].range])
          elements.append(.text(line, x: x, y: y + index, width: width, style: view.styleName))
        }
      }
    }
    for subview in view.subviews {
      add(subview, origin: frame.origin, wrapping: wrapping)
    }
  }

  /// The rows of the scene that a view starting at row `y`, `height` rows tall, covers (those
  /// the pinned header covers excepted).
  private func rowsInScene(y: Int, height: Double) -> Range<Int> {
    guard height.isFinite, height > 0 else { return 0..<0 }
    let top = max(y, firstUncoveredRow)
    let end = Int(min(Double(y) + height.rounded(.down), Double(self.height)))
    return top..<max(end, top)
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
