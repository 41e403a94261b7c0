/// Airy bubbles: two columns of padding, a `10:00 · read` footer, photos up to 14 rows.
public struct RoomyTheme: MessagesTheme {
  public typealias TextCell = RoomyTextMessageCell
  public typealias PhotoCell = RoomyPhotoMessageCell

  public init() {}
}
