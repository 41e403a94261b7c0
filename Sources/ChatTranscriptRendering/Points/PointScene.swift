import ChatTranscript
import TextLayout

/// What a viewport laid out in points shows, as drawing commands at real positions: the
/// counterpart of ``RenderScene`` (whole character cells) for a transcript measured with a
/// real font (`PointTextMeasurer`).
///
/// Coordinates are the views' own, in points (or pixels: the unit of the font size), with
/// the viewport's top-left at (0, 0); nothing is rounded to a grid. Each line of a label is
/// one text element at the top of its line, lines `lineHeight` apart, wrapped by the measurer
/// the heights were measured with. Text is already made visible (``RenderScene/visibleText(_:)``).
public struct PointScene: Sendable, Hashable {
  /// One drawing command, back to front; `style` is the view's `styleName`.
  public enum Element: Sendable, Hashable {
    /// A filled shape: a bubble, an avatar, a button.
    case box(Rect, style: String)
    /// One wrapped line of a label, `y` the top of its line, at most `width` wide.
    case text(String, x: Double, y: Double, width: Double, style: String?)
    /// An image placeholder: an outlined box with a description.
    case image(description: String, frame: Rect, style: String?)
    /// A selected row's band, behind its cell.
    case selection(Rect)
  }

  /// The size of the scene, in points.
  public var width: Double
  public var height: Double
  /// The distance between the tops of two lines of a label.
  public var lineHeight: Double
  /// Back to front.
  public var elements: [Element]

  public init(width: Double, height: Double, lineHeight: Double, elements: [Element]) {
    self.width = width
    self.height = height
    self.lineHeight = lineHeight
    self.elements = elements
  }

  /// The viewport of `collectionView`, laid out in points, as a scene; labels wrapped by
  /// `measurer` at their widths in whole points. Selected rows get a band, and the pinned
  /// header is drawn last, over the rows it covers.
  ///
  /// - Parameters:
  ///   - measurer: The measurer the rows were sized with (a `PointTextMeasurer`).
  ///   - lineHeight: The height of one line (`PointTextMeasurer.lineHeight`).
  ///   - lineCache: Lines wrapped for earlier scenes of the same views; `nil` wraps every label.
  /// - Complexity: O(*n*) in the text of the visible labels.
  public init(
    _ collectionView: CollectionView, measurer: any TextMeasurer, lineHeight: Double,
    lineCache: LabelLineCache? = nil
  ) {
    self.init(
      collectionView, measurer: measurer, lineHeight: lineHeight, cellsFrom: nil, lineCache: lineCache)
  }

  /// The scene of one page of a document: only cells whose top is at `top` or below (`nil`:
  /// every visible cell), so a cell across two pages is drawn once, whole, by the first.
  init(
    _ collectionView: CollectionView, measurer: any TextMeasurer, lineHeight: Double, cellsFrom top: Double?,
    lineCache: LabelLineCache?
  ) {
    let viewport = collectionView.viewport
    self.init(
      width: Self.finite(viewport.width), height: Self.finite(viewport.height),
      lineHeight: lineHeight.isFinite && lineHeight > 0 ? lineHeight : 1, elements: [])
    // A page draws each of its cells whole and once, so no later page shows its labels.
    let cache = top == nil ? lineCache : nil
    let origin = Point(x: 0, y: -viewport.contentOffset)
    let pinned = collectionView.pinnedHeader
    for (row, cell) in collectionView.visibleCells where row != pinned?.row {
      if let top, cell.frame.minY < top { continue }
      addCell(cell, origin: origin, measurer: measurer, cache: cache)
    }
    if let pinned { addCell(pinned.cell, origin: origin, measurer: measurer, cache: cache) }
  }

  /// A cell and, when its row is selected, the band behind it.
  private mutating func addCell(
    _ cell: CollectionViewCell, origin: Point, measurer: any TextMeasurer, cache: LabelLineCache?
  ) {
    if cell.isSelected, !cell.isHidden {
      elements.append(.selection(Self.offset(cell.frame, by: origin)))
    }
    add(cell, origin: origin, measurer: measurer, cache: cache)
  }

  private mutating func add(_ view: View, origin: Point, measurer: any TextMeasurer, cache: LabelLineCache?) {
    guard !view.isHidden else { return }
    let frame = Self.offset(view.frame, by: origin)
    guard frame.width.isFinite, frame.height.isFinite else { return }
    if let placeholder = view as? ImagePlaceholder {
      elements.append(
        .image(
          description: RenderScene.visibleText(placeholder.imageDescription), frame: frame,
          style: view.styleName))
    } else {
      if let style = view.styleName, frame.width > 0, frame.height > 0, !(view is Label) || view is Button {
        elements.append(.box(frame, style: style))
      }
      let width = Columns.of(frame.width)
      if let label = view as? Label, !label.text.isEmpty, width > 0, frame.height > 0 {
        let (text, lines, _) = LabelLineCache.lines(
          of: label.text, width: width, measurer: measurer,
          wrapsInColumns: false, keeps: true, in: cache)
        // A label shows the lines its frame is tall enough for (all of them, as measured).
        let shown = min(lines.count, max(Int((frame.height / lineHeight).rounded()), 1))
        // A line wider than its label (a cluster wider than the wrap width has a line of its
        // own) is drawn whole: in points it only overflows, where a character grid had no room.
        for (index, line) in lines.prefix(shown).enumerated() {
          elements.append(
            .text(
              String(text[line.range]), x: frame.minX, y: frame.minY + Double(index) * lineHeight,
              width: frame.width,
              style: view.styleName))
        }
      }
    }
    for subview in view.subviews {
      add(subview, origin: frame.origin, measurer: measurer, cache: cache)
    }
  }

  private static func offset(_ frame: Rect, by origin: Point) -> Rect {
    Rect(x: origin.x + frame.minX, y: origin.y + frame.minY, width: frame.width, height: frame.height)
  }

  /// `value` when finite and not negative, else 0.
  private static func finite(_ value: Double) -> Double {
    value.isFinite ? max(value, 0) : 0
  }
}
