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

  public init(message: MessageModel, pixelWidth: Double?, pixelHeight: Double?, caption: String? = nil) {
    self.message = message
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.caption = caption
  }

  /// A wire item as a photo message.
  public init(_ item: StreamItem) {
    self.init(
      message: MessageModel(item), pixelWidth: item.width, pixelHeight: item.height, caption: item.caption)
  }

  /// `item` as a photo message when it is one: a ``PhotoMessageItem`` or a wire item of type
  /// `"photo"`.
  public init?(converting item: any ChatItem) {
    // Wire items first: they are what a stream transcript holds, and a failed cast costs.
    if let wire = item.wireItem {
      guard wire.type == MessageItemType.photo else { return nil }
      self.init(wire)
    } else if let photo = item as? PhotoMessageItem {
      self = photo
    } else {
      return nil
    }
  }

  /// Whether ``init(converting:)`` would succeed, without copying the item out.
  public static func canConvert(_ item: any ChatItem) -> Bool {
    item.wireItem != nil ? item.type == MessageItemType.photo : item is PhotoMessageItem
  }

  public var id: String { message.id }
  public var type: String { message.type }
}
