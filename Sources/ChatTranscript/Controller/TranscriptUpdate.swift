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
  /// Ids of rows that appeared, whose content changed, or that left.
  public var insertedIDs: [String] = []
  public var updatedIDs: [String] = []
  public var deletedIDs: [String] = []
  /// Heights measured by presenters (cache hits and kept heights excluded).
  public var measuredHeightCount = 0
  /// How many of those were measured off the owner.
  public var backgroundHeightCount = 0
  /// Problems found and worked around.
  public var errors: [ChatTranscriptError] = []

  init(type: UpdateType, requestCount: Int) {
    self.type = type
    self.requestCount = requestCount
  }
}
