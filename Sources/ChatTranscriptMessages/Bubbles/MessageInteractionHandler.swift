import ChatTranscript

/// What the app does when the user touches a message: the presenter reports, the app decides.
///
/// Cells only expose buttons; presenters attach actions that call this handler with the
/// message the cell was showing at the time. Presenters hold the handler weakly, so an app
/// object that owns the transcript may be its handler without a retain cycle. Every method
/// has an empty default: implement what your app offers.
public protocol MessageInteractionHandler: AnyObject {
  /// The user tapped the bubble of `message`.
  func userDidTapBubble(of message: MessageModel)
  /// The user tapped the avatar beside `message`.
  func userDidTapAvatar(of message: MessageModel)
  /// The user tapped the failed icon of `message`: send it again.
  func userDidRequestRetry(of message: MessageModel)
  /// The user chose "copy" from the long-press menu of `message`: put `text` on the clipboard.
  func userDidCopy(_ text: String, from message: MessageModel)
}

extension MessageInteractionHandler {
  public func userDidTapBubble(of message: MessageModel) {}
  public func userDidTapAvatar(of message: MessageModel) {}
  public func userDidRequestRetry(of message: MessageModel) {}
  public func userDidCopy(_ text: String, from message: MessageModel) {}
}
