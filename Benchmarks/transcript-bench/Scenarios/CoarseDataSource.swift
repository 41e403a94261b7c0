import ChatTranscript

/// A data source that never says what changed: every edit is reported as a bare "did update",
/// so the controller reads the whole list, rebuilds every row and diffs old against new — what
/// Chatto does on every update, and what the `diff` and `full-recompute` scenarios measure.
///
/// Items live in a plain array, so reading the list costs nothing but the controller's own work.
final class CoarseDataSource: ChatDataSource {
  weak var delegate: (any ChatDataSourceDelegate)?
  private(set) var chatItems: [any ChatItem] = []

  /// Edits the items with `body`, then tells the delegate something changed (not what).
  func update(type: UpdateType = .normal, _ body: (inout [any ChatItem]) -> Void) {
    body(&chatItems)
    delegate?.chatDataSourceDidUpdate(self, type: type)
  }
}
