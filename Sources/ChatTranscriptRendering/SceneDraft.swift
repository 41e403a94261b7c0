import ChatTranscript
import TextLayout

/// What a viewport shows, read from its views, with its labels not yet wrapped into lines.
///
/// Reading the views must happen where they live, on the thread that owns the controller;
/// wrapping labels, the larger part of building a ``RenderScene``, need not. A draft is a
/// value: the owner reads one and moves on to the next page while another thread turns it
/// into a scene with ``scene(measurer:lineCache:)``. `transcript render` and `follow` draw
/// whole transcripts that way, on both cores.
public struct SceneDraft: Sendable {
  /// A label's text, where it is, and the rows of the scene it shows.
  struct LabelText: Sendable {
    /// The text as the label holds it: the scene makes it visible (``VisibleText``).
    var text: String
    var x: Int
    var y: Int
    var width: Int
    /// The rows of the scene the label covers: its lines from `rows.lowerBound - y` on.
    var rows: Range<Int>
    var style: String?
    /// Whether the label goes on below the scene, so its lines are kept for the next one.
    var continuesBelow: Bool
    /// Where the label's lines may be remembered (``Label/lineMemo``).
    var lineMemo: (any LineMemo)?

    /// The lines of the label the scene shows, top to bottom: the text each is drawn from
    /// (the label's text made visible), the line's range in it and its UTF-8 offsets, its
    /// width when every cluster of it is drawn (`nil` when some cluster has none, and is
    /// left out), and its row. What every renderer draws a label as: scenes make their text
    /// elements from these, and plain text writes them out directly.
    ///
    /// In terminal columns, lines the label's memo remembers (its height measurer wrapped the
    /// text already) are drawn as they are, without wrapping the text again.
    func forEachDrawnLine(
      measurer: any TextMeasurer, wrapsInColumns: Bool, lineCache: LabelLineCache?,
      _ body: (
        _ text: String, _ range: Range<String.Index>, _ bytes: Range<Int>, _ drawnWidth: Int?, _ y: Int
      ) -> Void
    ) {
      // Remembered lines are handed out only for a width that holds the widest of them.
      if wrapsInColumns, let remembered = lineMemo?.rememberedLines(of: text, width: width) {
        let text = remembered.isVisibleAsIs ? text : VisibleText.of(text)
        let utf8 = text.utf8
        forEachShownLine(of: remembered.lineCount) { index in
          let line = remembered[index]
          let start = utf8.index(utf8.startIndex, offsetBy: line.content.lowerBound)
          let end = utf8.index(start, offsetBy: line.content.count)
          body(text, start..<end, line.content, remembered.drawsEveryCluster ? line.width : nil, y + index)
        }
        return
      }
      let (text, lines, drawsEveryCluster) = LabelLineCache.lines(
        of: text, width: width, measurer: measurer, wrapsInColumns: wrapsInColumns, keeps: continuesBelow,
        in: lineCache)
      let utf8 = text.utf8
      forEachShownLine(of: lines.count) { index in
        guard lines[index].width <= width else { return drawReplacement(y: y + index, body) }
        let range = lines[index].range
        let start = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
        let end = start + utf8.distance(from: range.lowerBound, to: range.upperBound)
        body(text, range, start..<end, drawsEveryCluster ? lines[index].width : nil, y + index)
      }
    }

    /// Calls `body` with the index of each of `lineCount` lines that falls in ``rows``.
    private func forEachShownLine(of lineCount: Int, _ body: (Int) -> Void) {
      // A label can be taller than its lines (its text was sized differently, or it is
      // padded); scrolled past its last line, the first line to draw is past the end.
      let first = max(rows.lowerBound - y, 0)
      let end = min(rows.upperBound - y, lineCount)
      for index in first..<max(end, first) { body(index) }
    }

    /// Only a cluster wider than the label makes a line wider than it (the wrapping gives
    /// such a cluster a line of its own): it is drawn as one replacement character rather
    /// than overflow the label or vanish.
    private func drawReplacement(
      y: Int,
      _ body: (
        _ text: String, _ range: Range<String.Index>, _ bytes: Range<Int>, _ drawnWidth: Int?, _ y: Int
      ) -> Void
    ) {
      let replacement = Self.replacement
      body(replacement, replacement.startIndex..<replacement.endIndex, 0..<replacement.utf8.count, nil, y)
    }

    /// What a line wider than its label is drawn as.
    static let replacement = "\u{FFFD}"
  }

  /// A drawing command, or a label to wrap into `text` commands, in drawing order.
  enum Part: Sendable {
    case element(RenderScene.Element)
    case label(LabelText)
  }

  /// Size in character cells.
  public let width: Int
  public let height: Int
  private(set) var parts: [Part] = []
  /// The first row other cells may draw on: the rows above it are the pinned header's.
  private var firstUncoveredRow = 0

  /// Reads the viewport of `collectionView`: on the thread that owns it.
  ///
  /// Selected rows get a selection band, and the pinned header comes last, over the rows it
  /// covers.
  public init(_ collectionView: CollectionView) {
    let viewport = collectionView.viewport
    width = RenderScene.cells(viewport.width)
    height = RenderScene.cells(viewport.height)
    let origin = Point(x: 0, y: -viewport.contentOffset)
    let pinned = collectionView.pinnedHeader
    if let frame = pinned?.cell.frame {
      firstUncoveredRow = max(
        RenderScene.cell(frame.minY - viewport.contentOffset) + RenderScene.cells(frame.height), 0)
    }
    let cells = collectionView.visibleCells
    // A bubble draws a handful of parts: growing the array a page's worth of times moved
    // every part each time.
    parts.reserveCapacity(cells.count * 6)
    for (row, cell) in cells where row != pinned?.row {
      addCell(cell, origin: origin)
    }
    firstUncoveredRow = 0
    if let pinned { addCell(pinned.cell, origin: origin) }
  }

  /// The scene: labels made visible and wrapped by `measurer`, on any thread.
  ///
  /// - Parameter lineCache: Lines wrapped for earlier scenes, reused for a label that still
  ///   shows the same text at the same width (drawing page by page); `nil` wraps every label.
  public func scene(
    measurer: any TextMeasurer = TerminalTextMeasurer(), lineCache: LabelLineCache? = nil
  ) -> RenderScene {
    var scene = RenderScene(width: width, height: height, elements: [])
    scene.elements.reserveCapacity(parts.count + parts.count / 2)
    let wrapsInColumns = measurer is TerminalTextMeasurer
    for part in parts {
      switch part {
      case .element(let element):
        scene.elements.append(element)
      case .label(let label):
        label.forEachDrawnLine(measurer: measurer, wrapsInColumns: wrapsInColumns, lineCache: lineCache) {
          text, range, _, _, y in
          // A text of one line is drawn as it is, not copied out of itself.
          let line = range == text.startIndex..<text.endIndex ? text : String(text[range])
          scene.elements.append(.text(line, x: label.x, y: y, width: label.width, style: label.style))
        }
      }
    }
    return scene
  }

  /// A cell and, when its row is selected, the band behind it.
  private mutating func addCell(_ cell: CollectionViewCell, origin: Point) {
    let y = RenderScene.cell(origin.y + cell.frame.minY)
    let rows = rowsInScene(y: y, height: cell.frame.height)
    if cell.isSelected, !cell.isHidden, !rows.isEmpty {
      parts.append(
        .element(
          .selection(
            x: RenderScene.cell(origin.x + cell.frame.minX), y: rows.lowerBound,
            width: RenderScene.cells(cell.frame.width), height: rows.count)))
    }
    add(cell, origin: origin)
  }

  private mutating func add(_ view: View, origin: Point) {
    guard !view.isHidden else { return }
    // Read once: `frame` is open, and cells observe theirs.
    let viewFrame = view.frame
    let frame = Rect(
      x: origin.x + viewFrame.minX, y: origin.y + viewFrame.minY, width: viewFrame.width,
      height: viewFrame.height)
    let x = RenderScene.cell(frame.minX)
    let y = RenderScene.cell(frame.minY)
    let width = RenderScene.cells(frame.width)
    let height = RenderScene.cells(frame.height)
    // Boxes and text lines are cut to the scene's rows: a view taller than the 100,000 rows a
    // length may have (a 10 MB message) lost everything past that, even in a scene scrolled
    // down to it, and each of its lines outside the scene still cost an element.
    let rows = rowsInScene(y: y, height: frame.height)
    let kind = view.kind
    if kind == .imagePlaceholder {
      let placeholder = unsafeDowncast(view, to: ImagePlaceholder.self)
      parts.append(
        .element(
          .image(
            description: RenderScene.visibleText(placeholder.imageDescription), x: x, y: y, width: width,
            height: height, style: view.styleName)))
    } else {
      let style = view.styleName
      if let style, width > 0, !rows.isEmpty, kind != .label {
        parts.append(.element(.box(x: x, y: rows.lowerBound, width: width, height: rows.count, style: style)))
      }
      if kind == .label || kind == .button, width > 0, !rows.isEmpty {
        let label = unsafeDowncast(view, to: Label.self)
        // Read once: the getter is open, and each read retains the text.
        let text = label.text
        if !text.isEmpty {
          parts.append(
            .label(
              LabelText(
                text: text, x: x, y: y, width: width, rows: rows, style: style,
                continuesBelow: rows.upperBound < y + height, lineMemo: label.lineMemo)))
        }
      }
    }
    for subview in view.subviews {
      add(subview, origin: frame.origin)
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
}
