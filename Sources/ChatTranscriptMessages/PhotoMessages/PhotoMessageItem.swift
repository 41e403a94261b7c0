import ChatTranscript

/// A photo message: its pixel size and an optional caption; the pixels themselves are not
/// this engine's business (cells show a placeholder box of the right shape).
public struct PhotoMessageItem: MessageItem, Hashable {
  public var message: MessageModel
  /// Width in pixels; `nil`, zero, negative or non-finite sizes are tolerated (see
  /// ``PhotoGeometry``).
  public var pixelWidth: Double?
  public var pixelHeight: Double?
  public var caption: String?

  @inlinable public init(
    message: MessageModel, pixelWidth: Double?, pixelHeight: Double?, caption: String? = nil
  ) {
    self.message = message
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.caption = caption
  }

  /// `item` as a photo message when it is one: a ``PhotoMessageItem``, or any
  /// ``ConversationItem`` whose content is a photo (a wire item of type `"photo"`).
  public init?(converting item: any ChatItem) {
    guard case .photo(let photo) = ConversationItems.content(of: item) else { return nil }
    self = photo
  }

  public var conversationContent: ConversationContent? { .photo(self) }

  public var id: String { message.id }
  public var type: String { message.type }
}
