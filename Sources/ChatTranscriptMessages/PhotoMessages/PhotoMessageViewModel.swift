import ChatTranscript

/// What a photo bubble shows: the message chrome, a placeholder box and the caption.
public struct PhotoMessageViewModel: Sendable, Hashable {
  public var message: MessageViewModel
  /// The placeholder's description, e.g. `photo 1200x800` (`photo` when the size is unknown).
  public var imageDescription: String
  public var pixelWidth: Double?
  public var pixelHeight: Double?
  /// `nil` when the caption is missing or empty: no caption rows. A tombstone's caption is
  /// ``MessageViewModel/deletedText``.
  public var caption: String?
  /// Whether the bubble shows the placeholder box: not for a tombstone.
  public var showsPhoto: Bool { !message.isDeleted }

  public init(message: MessageViewModel, photo: PhotoMessageItem) {
    self.message = message
    pixelWidth = photo.pixelWidth
    pixelHeight = photo.pixelHeight
    caption =
      message.isDeleted ? MessageViewModel.deletedText : photo.caption.flatMap { $0.isEmpty ? nil : $0 }
    imageDescription = Self.description(width: photo.pixelWidth, height: photo.pixelHeight)
  }

  /// `photo WxH` when both sizes are usable whole-ish numbers, else `photo`.
  static func description(width: Double?, height: Double?) -> String {
    guard let width = PhotoGeometry.usable(width), let height = PhotoGeometry.usable(height),
      width < 1e9, height < 1e9
    else { return "photo" }
    return "photo \(Int(width.rounded()))x\(Int(height.rounded()))"
  }
}
