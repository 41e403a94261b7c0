// Public API only (see PollMessageItem.swift): plain imports, no `@testable`.
import ChatTranscript
import ChatTranscriptMessages
import TextLayout

/// The geometry of a poll bubble: the question, then the option lines, each wrapped at the
/// bubble's content width, inside the kit's ``BubbleChrome``.
///
/// One function for the height calculator and the cell, as the kit's text bubble does.
struct PollBubbleLayout: Hashable {
  var chrome: BubbleChrome
  /// The question label inside the bubble.
  var question: Rect
  /// One label per option inside the bubble, below the question.
  var options: [Rect]

  /// Rows the cell takes.
  var height: Int { chrome.height }

  init(
    rowWidth: Double, message: MessageViewModel, poll: PollMessageItem, metrics: BubbleMetrics,
    configuration: MessageLayoutConfiguration, measurer: ItemTextMeasurer
  ) {
    let metrics = metrics.sanitized
    let padding = metrics.horizontalPadding
    let columns = BubbleChrome.columns(inRowWidth: rowWidth)
    let maximum = BubbleChrome.maximumBubbleWidth(
      rowWidth: columns, isIncoming: message.isIncoming, metrics: metrics, configuration: configuration)
    let wrapWidth = max(maximum - 2 * padding, 1)
    let questionLines = measurer.metrics(of: poll.question, width: wrapWidth)
    let optionLines = poll.optionLines.map { measurer.metrics(of: $0, width: wrapWidth) }
    let sides = BubbleChrome.SideTexts(message, metrics: metrics, wrapWidth: wrapWidth)
    let inner = max(questionLines.widestLine, optionLines.map(\.widestLine).max() ?? 0, sides.widest, 1)
    let contentRows = optionLines.reduce(questionLines.lineCount) { $0 + $1.lineCount }
    chrome = BubbleChrome(
      rowWidth: columns, message: message, metrics: metrics, innerWidth: inner, contentRows: contentRows,
      footerWidth: sides.footer)

    var y = chrome.contentTop
    func nextRect(rows: Int) -> Rect {
      defer { y += rows }
      return Rect(x: Double(padding), y: Double(y), width: Double(inner), height: Double(rows))
    }
    question = nextRect(rows: questionLines.lineCount)
    options = optionLines.map { nextRect(rows: $0.lineCount) }
  }
}

/// A poll bubble's height from `Sendable` inputs: ``PollBubbleLayout``'s height, on any queue.
struct PollMessageHeightCalculator: ChatItemHeightCalculator {
  var poll: PollMessageItem
  var sizing: BubbleSizing

  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    let message = MessageViewModel(
      message: poll.message, decoration: decoration, senderName: sizing.senderName(poll.message.sender),
      showsSenderNames: sizing.configuration.showsSenderNames)
    let layout = PollBubbleLayout(
      rowWidth: maximumWidth, message: message, poll: poll, metrics: sizing.metrics,
      configuration: sizing.configuration, measurer: sizing.itemTextMeasurer(forItemWithID: poll.id))
    return Double(layout.height)
  }
}

/// Sizes poll rows without presenters, exactly as their presenters do.
struct PollMessageHeightMeasurer: ChatItemHeightMeasurer {
  var sizing: BubbleSizing

  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    guard let poll = item as? PollMessageItem else { return nil }
    return PollMessageHeightCalculator(poll: poll, sizing: sizing).height(
      maximumWidth: maximumWidth, decoration: decoration)
  }
}
