// Public API only: this folder is a backend's own bubble written against the kit from outside
// the module. Keep plain imports here (no `@testable`), so anything it needs that the kit does
// not export fails to compile.
import ChatTranscript
import ChatTranscriptMessages

/// A poll a participant posted: a question and the options with their votes so far.
///
/// A message of the backend's own, not one of the kit's shapes: adopting ``MessageItem`` is what
/// lets the kit's decorator group it with its sender's text messages and give it a tail, an
/// avatar and a sender line.
struct PollMessageItem: MessageItem, ChatItemConvertible, Hashable {
  static let itemType = "poll"

  struct Option: Sendable, Hashable {
    var title: String
    var votes: Int
  }

  var message: MessageModel
  var question: String
  var options: [Option]

  init(
    id: String, from sender: String, incoming: Bool = true, at date: Timestamp?,
    status: DeliveryStatus? = nil, question: String, options: [Option]
  ) {
    message = MessageModel(
      id: id, type: Self.itemType, sender: sender, isIncoming: incoming, date: date, status: status)
    self.question = question
    self.options = options
  }

  init?(converting item: any ChatItem) {
    guard let poll = item as? PollMessageItem else { return nil }
    self = poll
  }

  var id: String { message.id }
  var type: String { Self.itemType }

  /// One line of text per option: `[4] Noodle bar`.
  var optionLines: [String] { options.map { "[\($0.votes)] \($0.title)" } }
}
