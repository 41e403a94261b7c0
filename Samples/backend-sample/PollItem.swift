import ChatTranscript
import ChatTranscriptMessages

/// A poll someone posted: a question, and the options with the votes they have so far.
///
/// A message of the backend's own rather than one of the kit's shapes. Adopting `MessageItem`
/// is what puts it in its sender's group, with the kit's sender line, avatar, tail, failed
/// icon and status row.
struct PollItem: MessageItem, Hashable {
  static let itemType = "poll"

  struct Option: Sendable, Hashable {
    var title: String
    var votes: Int
  }

  var message: MessageModel
  var question: String
  var options: [Option]

  init(
    id: String, from sender: String, incoming: Bool = true, _ date: Timestamp?, question: String,
    options: [Option]
  ) {
    message = MessageModel(id: id, type: Self.itemType, sender: sender, isIncoming: incoming, date: date)
    self.question = question
    self.options = options
  }

  var id: String { message.id }
  var type: String { Self.itemType }

  /// Each option as the line the bubble shows: `Tuesday · 2 votes`.
  var optionLines: [String] {
    options.map { "\($0.title) · \($0.votes) \($0.votes == 1 ? "vote" : "votes")" }
  }
}

extension PollItem: ChatItemConvertible {
  /// What the kit's `MessagePresenter` needs to take a new version of the poll in place.
  init?(converting item: any ChatItem) {
    guard let poll = item as? PollItem else { return nil }
    self = poll
  }
}
