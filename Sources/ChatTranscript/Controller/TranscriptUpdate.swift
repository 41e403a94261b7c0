/// What one applied update did, for observers (a CLI printing what is new, a test, a backend).
public struct TranscriptUpdate: Sendable {
  /// The strongest type among the coalesced requests.
  public var type: UpdateType
  /// How many requests were coalesced into this update.
  public var requestCount: Int
  /// What happened to the rows, for every update: exact edits, diffs, width changes and
  /// reloads alike. A UI applies it as a batch update.
  public var rowChanges = RowChanges()
  /// Row-level diff, for updates that diffed the whole transcript; `nil` for exact changes
  /// and for updates applied as reloads. ``rowChanges`` says the same for every update.
  public var diff: ChatItemsDiff?
  /// Rows that appeared, whose content changed, or that left, injected rows included. A row
  /// that appeared and left within the update is in none of them.
  public var insertedRows: [RowID] = []
  public var updatedRows: [RowID] = []
  public var deletedRows: [RowID] = []
  /// Heights measured by presenters (cache hits and kept heights excluded).
  public var measuredHeightCount = 0
  /// How many of those were measured off the owner.
  public var backgroundHeightCount = 0
  /// Ids the update took out of the selection: their items left, or their presenters now
  /// refuse selection (``ChatItemPresenter/canBeSelected``).
  public var deselectedIDs: [String] = []
  /// Problems found and worked around.
  public var errors: [ChatTranscriptError] = []

  init(type: UpdateType, requestCount: Int) {
    self.type = type
    self.requestCount = requestCount
  }
}

extension TranscriptUpdate {
  /// Ids of the data-source items whose rows appeared, in ``insertedRows`` order. Rows the
  /// decorator injected are left out: their ids are the decorator's, and may equal an item's.
  public var insertedIDs: [String] { Self.itemIDs(of: insertedRows) }
  /// Ids of the data-source items whose content changed.
  public var updatedIDs: [String] { Self.itemIDs(of: updatedRows) }
  /// Ids of the data-source items whose rows left.
  public var deletedIDs: [String] { Self.itemIDs(of: deletedRows) }

  private static func itemIDs(of rows: [RowID]) -> [String] {
    rows.compactMap { $0.isInjected ? nil : $0.id }
  }
}
