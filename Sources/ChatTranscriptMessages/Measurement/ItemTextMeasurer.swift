import ChatTranscript
import TextLayout

/// Measures the texts of one item through the shared ``TextMetricsCache``.
///
/// A small `Sendable` value: height calculators take it to background queues and cells
/// keep it to lay themselves out again when their width changes, measuring nothing twice.
///
/// Widths are in the measurer's unit (terminal columns for ``TerminalTextMeasurer``, whole
/// points for `PointTextMeasurer`), and a line of text is ``lineHeight`` of those units tall:
/// 1 for a terminal, where a line is a row, the font's line height in points. The kit's layouts
/// read both from here, so one layout code sizes rows for a terminal and for a phone.
public struct ItemTextMeasurer: Sendable {
  public var itemID: String
  public var measurer: any TextMeasurer {
    didSet { unit = MeasurerUnit(of: measurer) }
  }
  public var cache: TextMetricsCache
  /// The height of one line of text, in the unit of the row heights: 1 for terminal rows.
  public var lineHeight: Double

  /// - Parameter lineHeight: The height of one line in the unit heights are given in; 1 (a
  ///   terminal row) by default. Values that are not finite and positive count as 1.
  public init(itemID: String, measurer: any TextMeasurer, cache: TextMetricsCache, lineHeight: Double = 1) {
    self.init(
      itemID: itemID, measurer: measurer, unit: MeasurerUnit(of: measurer), cache: cache,
      lineHeight: lineHeight)
  }

  /// For owners that keep one measurer for many items and worked out its unit once: the cast
  /// ``unit`` comes from is not repeated per item.
  init(
    itemID: String, measurer: any TextMeasurer, unit: MeasurerUnit, cache: TextMetricsCache,
    lineHeight: Double
  ) {
    self.itemID = itemID
    self.measurer = measurer
    self.cache = cache
    self.lineHeight = LineHeight.sanitized(lineHeight)
    self.unit = unit
  }

  /// Lines and widest line of `text` wrapped at `width` columns (at least 1), measured in
  /// the form renderers draw it (``VisibleText``): a control character is sized as the
  /// symbol that is drawn for it, not as the line break or nothing it is raw.
  ///
  /// Texts of a chat message's size in terminal columns are measured every time, not cached:
  /// wrapping a few hundred bytes costs a few microseconds, and a whole transcript laid out
  /// and drawn missed the cache anyway (its 20,000 entries were long evicted by the time a
  /// million-message transcript was drawn), paying for the lookup, the eviction and the
  /// insert on top of the wrapping. Raising the bound from 64 to 256 bytes took
  /// `transcript render` of a million messages from 8.42 s to 8.10 s (medians of three, same
  /// run). Longer texts are cached: a 10 MB message is wrapped once, not at every update.
  public func metrics(of text: String, width: Int) -> TextMetrics {
    metrics(of: text, width: width, rememberedIn: nil)
  }

  /// ``metrics(of:width:)``, kept in `memo` when it remembers for `text`: the item's height
  /// measurer and its cell then wrap its message text once between them. At a million
  /// messages the cell, configured seconds after its row was sized, finds the metrics there.
  func metrics(of text: String, width: Int, rememberedIn memo: TextMetricsMemo?) -> TextMetrics {
    let width = max(width, 1)
    if unit == .terminalColumns, text.utf8.count <= Self.longestUncachedText {
      guard let memo = memo.flatMap({ $0.remembers(text) ? $0 : nil }) else {
        return TerminalTextMeasurer().measure(VisibleText.of(text), maxWidth: width)
      }
      if let remembered = memo.metrics(width: width) { return remembered }
      let (metrics, lines) = TerminalTextMeasurer().measureVisible(text, maxWidth: width)
      memo.remember(metrics, lines: lines, width: width)
      return metrics
    }
    return cache.metrics(id: itemID, text: text, width: width) {
      measurer.measure(VisibleText.of(text), maxWidth: width)
    }
  }

  /// The longest text, in UTF-8 bytes, that ``metrics(of:width:)`` measures without the cache.
  static let longestUncachedText = 256

  /// The width of `line` drawn on one line, uncut and unwrapped, in the measurer's unit.
  ///
  /// In character cells (any measurer but a `PointTextMeasurer`: the terminal's, or one that
  /// wraps like it) it is the display width of the visible text, spaces at its end included,
  /// as a terminal row shows it, and the measurer is not asked: only message texts are. With a
  /// `PointTextMeasurer` it is the widest line at the widest width, rounded up to a whole point.
  /// Not cached: these are short lines (a sender, a footer, a day heading).
  ///
  /// - Complexity: O(n) in the length of `line`.
  public func width(of line: String) -> Int {
    let visible = VisibleText.of(line)
    guard measuresInPoints else { return displayWidth(of: visible) }
    return measurer.measure(visible, maxWidth: Columns.limit).widestLine
  }

  /// ``width(of:)`` of `line` cut after each of its grapheme clusters with `suffix` appended,
  /// from one pass over `line` (``PointCutWidths``); `nil` in character cells.
  ///
  /// `line` is in the form renderers draw it (``VisibleText``), so that the cut texts
  /// ``width(of:)`` measures are `line`'s own bytes.
  func cutWidths(ofVisibleLine line: String, appending suffix: Unicode.Scalar) -> PointCutWidths? {
    guard measuresInPoints else { return nil }
    return (measurer as? PointTextMeasurer)?.cutWidths(of: line, appending: suffix, maxWidth: Columns.limit)
  }

  /// What `measurer` is, stored when it is set: the cast cost some 380 instructions, asked
  /// several times per message.
  private(set) var unit: MeasurerUnit

  /// Whether single lines (a sender, a quote, a footer) are measured by the measurer, in
  /// points, rather than by their display width in columns.
  var measuresInPoints: Bool { unit == .points }

  /// The height of `lines` lines of text.
  public func height(ofLines lines: Int) -> Double {
    Double(lines) * lineHeight
  }
}

/// The unit a text measurer measures in, and whether it is the terminal's own, whose
/// wrapping ``ItemTextMeasurer`` calls directly: worked out once per measurer, not per text.
enum MeasurerUnit: Sendable {
  /// ``TerminalTextMeasurer``.
  case terminalColumns
  /// Character cells, by another measurer that wraps like the terminal's.
  case columns
  /// Points, by a `PointTextMeasurer`.
  case points

  init(of measurer: any TextMeasurer) {
    self =
      measurer is TerminalTextMeasurer ? .terminalColumns : measurer is PointTextMeasurer ? .points : .columns
  }
}
