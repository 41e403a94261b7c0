import ChatTranscript

/// The day heading the decorator injects before the first item of each day.
///
/// Its id derives from the item it precedes (`"m7/day"`), so it keeps its presenter and
/// cached height across updates.
public struct TimeSeparatorItem: ChatItem, Hashable {
  public var id: String
  public var date: Timestamp

  public init(id: String, date: Timestamp) {
    self.id = id
    self.date = date
  }

  /// The separator that precedes the item with id `ownerID`.
  public init(precedingItemWithID ownerID: String, date: Timestamp) {
    self.init(id: ownerID + "/day", date: date)
  }

  public var type: String { MessageItemType.timeSeparator }
}
