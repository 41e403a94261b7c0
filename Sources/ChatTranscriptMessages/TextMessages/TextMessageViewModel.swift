import ChatTranscript

/// What a text bubble shows: the message chrome and the text.
public struct TextMessageViewModel: Sendable, Hashable {
  public var message: MessageViewModel
  public var text: String

  public init(message: MessageViewModel, text: String) {
    self.message = message
    self.text = text
  }
}
