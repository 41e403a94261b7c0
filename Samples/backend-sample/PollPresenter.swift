import ChatTranscript
import ChatTranscriptMessages

/// Presents a poll with the kit's `MessagePresenter`: the message view model, taps, retries,
/// "copy" and updates in place come from the kit; the content is the poll's.
final class PollPresenter: MessagePresenter<PollItem, PollCell> {
  /// The poll cell's sizes with the transcript's layout choices and text cache.
  private var sizing: BubbleSizing { BubbleSizing(PollCell.self, context: context) }

  override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    PollHeightCalculator(poll: item, sizing: sizing)
  }

  override func configureContent(
    _ cell: PollCell, viewModel: MessageViewModel, decoration: ChatItemDecoration
  ) {
    cell.show(item, message: viewModel, sizing: sizing)
  }

  override var copyText: String? {
    ([item.question] + item.optionLines).joined(separator: "\n")
  }
}

/// Makes poll presenters, and sizes poll rows without them.
struct PollPresenterBuilder: ChatItemPresenterBuilder {
  var context: MessagePresentationContext

  var presenterType: any ChatItemPresenter.Type { PollPresenter.self }

  func canHandle(_ item: any ChatItem) -> Bool { item is PollItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let poll = item as? PollItem else { return UnsupportedItemPresenter(item: item) }
    return PollPresenter(item: poll, context: context)
  }

  var heightMeasurer: (any ChatItemHeightMeasurer)? {
    PollHeightMeasurer(sizing: BubbleSizing(PollCell.self, context: context))
  }
}
