import ChatTranscript

/// What a text bubble shows: the message chrome and the text.
public struct TextMessageViewModel: Sendable, Hashable {
  public var message: MessageViewModel
  /// The text the bubble shows: the message's, or ``MessageViewModel/deletedText`` for a
  /// tombstone.
  public var text: String

  public init(message: MessageViewModel, text: String) {
    self.message = message
    self.text = message.isDeleted ? MessageViewModel.deletedText : text
  }
}
