/// Sizes the items a builder handles without making presenters, from `Sendable` inputs only,
/// on any queue.
///
/// The engine makes a presenter only for a row that needs one: on screen, touched, or asked
/// for by the app. Every other row of a builder that has a measurer is sized by it, off the
/// owner, so a cold layout of a million items makes no presenters and keeps none: a chat
/// screen shows a few dozen rows at a time.
public protocol ChatItemHeightMeasurer: Sendable {
  /// The height of `item`'s cell, or `nil` when the builder does not handle `item`.
  ///
  /// Must equal the height the builder's presenter for `item` gives for the same width and
  /// decoration: whichever of the two measured a row, the layout must be the same.
  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double?

  /// Does ahead of time, on any thread, the part of sizing `item` at `maximumWidth` that its
  /// neighbours and decoration do not change, where the item keeps it (a text message's
  /// wrapping), so that ``height(of:maximumWidth:decoration:)`` costs less when the owner asks.
  /// A thread that decodes a stream ahead of the one applying it can take that work off the
  /// owner this way. The default does nothing.
  func prepare(_ item: any ChatItem, maximumWidth: Double)
}

extension ChatItemHeightMeasurer {
  public func prepare(_ item: any ChatItem, maximumWidth: Double) {}
}

/// The measurers of every builder registered for one item type, in the builders' order: an
/// item is sized by the first that handles it, as it would get the first builder's presenter.
struct ChatItemHeightMeasurers: Sendable {
  let measurers: [any ChatItemHeightMeasurer]

  /// `item`'s height from the first measurer that handles it; `nil` when none does (the
  /// item gets the fallback presenter, which the owner then asks).
  func height(of item: any ChatItem, maximumWidth: Double, decoration: ChatItemDecoration) -> Double? {
    // By index, not `for in`: each measurer is asked in place rather than copied out, which
    // would retain what it holds (shared by every core measuring) for every row.
    for index in measurers.indices {
      if let height = measurers[index].height(of: item, maximumWidth: maximumWidth, decoration: decoration) {
        return height
      }
    }
    return nil
  }
}
