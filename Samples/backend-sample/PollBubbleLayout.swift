import ChatTranscript
import ChatTranscriptMessages
import TextLayout

/// Where everything in a poll bubble goes: the kit's `BubbleChrome` around the question and
/// one line per option, each wrapped at the bubble's content width.
///
/// The height calculator and the cell both call this one function, so the height the engine
/// measures is the height the cell draws.
struct PollBubbleLayout: Hashable {
  var chrome: BubbleChrome
  /// The question, inside the bubble.
  var question: Rect
  /// One frame per option, below the question, inside the bubble.
  var options: [Rect]

  /// Rows the cell takes.
  var height: Int { chrome.height }

  /// - Parameters:
  ///   - rowWidth: The cell's width, or the width a height calculator is given.
  ///   - message: The bubble's chrome for the row's decoration.
  ///   - poll: What the bubble shows.
  ///   - sizing: The poll cell's metrics, the layout choices and the text measurer.
  init(rowWidth: Double, message: MessageViewModel, poll: PollItem, sizing: BubbleSizing) {
    let metrics = sizing.metrics.sanitized
    let columns = BubbleChrome.columns(inRowWidth: rowWidth)
    let widest = BubbleChrome.maximumBubbleWidth(
      rowWidth: columns, isIncoming: message.isIncoming, metrics: metrics,
      configuration: sizing.configuration)
    let wrapWidth = max(widest - 2 * metrics.horizontalPadding, 1)
    let measurer = sizing.itemTextMeasurer(forItemWithID: poll.id)
    let lines = ([poll.question] + poll.optionLines).map { measurer.metrics(of: $0, width: wrapWidth) }
    let sides = BubbleChrome.SideTexts(message, metrics: metrics, wrapWidth: wrapWidth)
    let innerWidth = max(lines.map(\.widestLine).max() ?? 0, sides.widest, 1)
    chrome = BubbleChrome(
      rowWidth: columns, message: message, metrics: metrics, innerWidth: innerWidth,
      contentRows: lines.reduce(0) { $0 + $1.lineCount }, footerWidth: sides.footer)

    var top = chrome.contentTop
    var frames = lines.map { text in
      defer { top += text.lineCount }
      return Rect(
        x: Double(metrics.horizontalPadding), y: Double(top), width: Double(innerWidth),
        height: Double(text.lineCount))
    }
    question = frames.removeFirst()
    options = frames
  }
}

/// A poll bubble's height from `Sendable` values, on any thread: the layout's height.
struct PollHeightCalculator: ChatItemHeightCalculator {
  var poll: PollItem
  var sizing: BubbleSizing

  func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double {
    let message = MessageViewModel(
      message: poll.message, decoration: decoration, senderName: sizing.senderName(poll.message.sender),
      showsSenderNames: sizing.configuration.showsSenderNames)
    return Double(
      PollBubbleLayout(rowWidth: maximumWidth, message: message, poll: poll, sizing: sizing).height)
  }
}

/// Sizes poll rows from the item alone, without presenters, exactly as their presenters do.
struct PollHeightMeasurer: ChatItemHeightMeasurer {
  var sizing: BubbleSizing

  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    guard let poll = item as? PollItem else { return nil }
    return PollHeightCalculator(poll: poll, sizing: sizing).height(
      maximumWidth: maximumWidth, decoration: decoration)
  }
}
