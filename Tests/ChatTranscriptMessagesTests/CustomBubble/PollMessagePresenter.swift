// Public API only (see PollMessageItem.swift): plain imports, no `@testable`.
import ChatTranscript
import ChatTranscriptMessages

/// Presents a poll with the kit's ``MessagePresenter``: taps, retries, in-place updates and the
/// message view model come from the kit; the content is the poll's.
final class PollMessagePresenter: MessagePresenter<PollMessageItem, PollMessageCell> {
  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    PollMessageHeightCalculator(poll: item, sizing: BubbleSizing(PollMessageCell.self, context: context))
  }

  override func configureContent(
    _ cell: PollMessageCell, viewModel: MessageViewModel, decoration: ChatItemDecoration
  ) {
    cell.configure(
      message: viewModel, poll: item, measurer: textMeasurer, configuration: context.configuration)
  }

  override var copyText: String? {
    ([item.question] + item.optionLines).joined(separator: "\n")
  }
}

/// Builds poll presenters, registered under ``PollMessageItem/itemType`` next to the kit's builders.
struct PollMessagePresenterBuilder: ChatItemPresenterBuilder {
  var context: MessagePresentationContext

  var presenterType: any ChatItemPresenter.Type { PollMessagePresenter.self }

  func canHandle(_ item: any ChatItem) -> Bool { item is PollMessageItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let poll = item as? PollMessageItem else { return UnsupportedItemPresenter(item: item) }
    return PollMessagePresenter(item: poll, context: context)
  }

  var heightMeasurer: (any ChatItemHeightMeasurer)? {
    PollMessageHeightMeasurer(sizing: BubbleSizing(PollMessageCell.self, context: context))
  }
}
