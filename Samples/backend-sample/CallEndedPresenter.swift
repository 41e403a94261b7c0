import ChatTranscript
import ChatTranscriptMessages

/// A call-ended row: one centred line in the kit's `SingleRowCell`, like a day separator.
///
/// The kit's `SingleRowPresenter` does the rest: one row tall at every width (so nothing is
/// measured), sized off the owner, updated in place.
final class CallEndedPresenter: SingleRowPresenter<CallEndedItem, SingleRowCell> {
  override var text: String { "call ended · \(item.minutes) min" }
  override var style: String { "notice" }
}

/// Makes call-ended presenters, and sizes call-ended rows without them.
struct CallEndedPresenterBuilder: ChatItemPresenterBuilder {
  var presenterType: any ChatItemPresenter.Type { CallEndedPresenter.self }

  func canHandle(_ item: any ChatItem) -> Bool { item is CallEndedItem }

  func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    guard let call = item as? CallEndedItem else { return UnsupportedItemPresenter(item: item) }
    return CallEndedPresenter(item: call)
  }

  var heightMeasurer: (any ChatItemHeightMeasurer)? { SingleRowHeightMeasurer { $0 is CallEndedItem } }
}
