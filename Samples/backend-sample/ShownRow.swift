import ChatTranscript

/// What a list view shows of one row: the item as it was when the row was last loaded, its
/// decoration and its height.
struct ShownRow: Equatable {
  var item: any ChatItem
  var decoration: ChatItemDecoration
  var height: Double

  static func == (lhs: ShownRow, rhs: ShownRow) -> Bool {
    lhs.item.id == rhs.item.id && lhs.item.type == rhs.item.type && lhs.item.hasSameContent(as: rhs.item)
      && lhs.decoration == rhs.decoration && lhs.height == rhs.height
  }
}
