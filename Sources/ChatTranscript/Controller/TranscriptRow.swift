/// What the controller keeps per laid-out row.
struct TranscriptRow {
  /// Whether the row stands for a data-source item or was injected around one.
  enum Role: UInt8 {
    case leading, item, trailing
  }

  var item: any ChatItem
  var presenter: any ChatItemPresenter
  var decoration: ChatItemDecoration
  /// Unique per content: a new row or changed content gets a fresh one. Part of the
  /// height-cache key, and tells visible cells to reconfigure.
  var contentVersion: Int
  var role: Role

  var key: ChatItemKey { ChatItemKey(item) }
}

typealias TranscriptLayout = LayoutModel<TranscriptRow>
