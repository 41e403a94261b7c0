/// A problem the engine found and worked around; reported, never trapped on.
public struct ChatTranscriptError: Error, Sendable, Hashable, CustomStringConvertible {
  enum Code: Hashable, Sendable {
    case duplicateItemID(String)
    case changeOutOfBounds(String)
    case invalidHeight(itemID: String, height: Double)
  }

  let code: Code

  /// Two items share an id; the update was applied as a reload so both stay visible.
  public static func duplicateItemID(_ id: String) -> ChatTranscriptError {
    ChatTranscriptError(code: .duplicateItemID(id))
  }

  /// A reported change pointed outside the item list; the controller diffed the whole list instead.
  public static func changeOutOfBounds(_ detail: String) -> ChatTranscriptError {
    ChatTranscriptError(code: .changeOutOfBounds(detail))
  }

  /// A presenter returned a height that is negative, NaN or infinite; it was clamped.
  public static func invalidHeight(itemID: String, height: Double) -> ChatTranscriptError {
    ChatTranscriptError(code: .invalidHeight(itemID: itemID, height: height))
  }

  public var description: String {
    switch code {
    case .duplicateItemID(let id): "duplicate item id \"\(id)\": applied as a reload"
    case .changeOutOfBounds(let detail): "change out of bounds (\(detail)): applied as a full update"
    case .invalidHeight(let id, let height): "item \"\(id)\": invalid height \(height), clamped"
    }
  }
}
