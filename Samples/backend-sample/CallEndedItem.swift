import ChatTranscript
import ChatTranscriptMessages

/// "Call ended" events: not messages, but they happened at a time, so the kit's decorator
/// reads their date (through `ConversationItem`) and puts a day separator before one that
/// starts a new day.
struct CallEndedItem: ConversationItem, Hashable {
  static let itemType = "call-ended"
  var id: String
  var date: Timestamp?
  var minutes: Int
  var type: String { Self.itemType }
}

extension CallEndedItem: ChatItemConvertible {
  /// What the kit's `SingleRowPresenter` needs to take a new version of the item in place.
  init?(converting item: any ChatItem) {
    guard let call = item as? CallEndedItem else { return nil }
    self = call
  }
}
