import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptRendering
import ChatTranscriptStreams
import CommandLineSupport

/// `transcript follow` writing to a pipe or a file: prints only what is new, as plain text.
///
/// For each burst:
/// 1. `- deleted ID` for every stream item that left the transcript;
/// 2. in transcript order, every row that appeared — drawn exactly as `render --format plain`
///    draws it, its bottom margin included — and every row whose content changed (an edit, a
///    new delivery status), drawn again after a `~ updated ID` line.
///
/// Rows that a neighbour merely re-decorated (the tail moving to a newer message of the same
/// group) are not printed again: they are not new. Injected rows (day separators, status
/// rows) and the typing row are printed when they appear or change, but their removal is
/// silent: it shows in the message they belong to. An item inserted and deleted within one
/// burst never appears.
///
/// Rows are drawn through the controller's viewport, a run of consecutive rows at a time, by
/// the same presenters and renderer as `render`, so message text is shown, never obeyed. Ids
/// in the marker lines are escaped like the fields of `layout`.
final class ChangeLog: FollowDisplay {
  private let controller: ChatTranscriptController
  private let transcript: StreamTranscript
  /// Pages are turned into text and written on a thread of their own while the next burst is
  /// applied and laid out here; marker lines go through it too, so everything stays in order.
  private let writer = PageWriter(draw: PageWriter.plainText)

  init(session: TranscriptSession) {
    controller = session.controller
    transcript = session.transcript
  }

  func start(_ progress: FollowProgress) {}

  func terminalDidResize() {}

  func show(_ changes: ChangeSet, progress: FollowProgress) {
    // Every item there when the burst began was printed in an earlier one: the typing row is
    // the only one that is not a stream item's.
    for id in changes.deletedIDs where !id.hasSameBytes(as: TypingIndicatorItem.reservedID) {
      writer.write("- deleted \(escapedField(id))\n")
    }
    let shown = changes.onlyUpdate.map(shownRows(after:)) ?? shownRows(of: changes)
    // Consecutive new rows are drawn as one span: one pass through the viewport for a burst's
    // messages, not one per row. An updated row starts a span of its own, after its marker.
    var span: Range<Int>?
    for shownRow in shown {
      let row = shownRow.row
      if let current = span, current.upperBound == row, shownRow.updatedID == nil {
        span = current.lowerBound..<row + 1
        continue
      }
      if let current = span { draw(rows: current) }
      if let id = shownRow.updatedID { writer.write("~ updated \(escapedField(id.id))\n") }
      span = row..<row + 1
    }
    if let span { draw(rows: span) }
    // A reader at the other end of the pipe sees each burst once it is drawn.
    writer.flush()
  }

  /// A row to draw, and for a row drawn again (its content changed), the id its marker names.
  private struct ShownRow {
    var row: Int
    var updatedID: RowID?
  }

  /// The rows a burst of one update shows, top to bottom.
  ///
  /// Both kinds are listed by index in the update's ``RowChanges``: its new rows, and among
  /// its reloaded rows (kept rows that changed at all) those whose content changed. No new
  /// row is looked up by id.
  private func shownRows(after update: TranscriptUpdate) -> [ShownRow] {
    let fresh = update.rowChanges.insertedRows
    // A row made in this update and changed again later in it is new, not updated: it is
    // not a kept row, so it is not among the reloaded ones.
    let contentChanged = Set(update.updatedRows)
    var shown: [ShownRow] = []
    shown.reserveCapacity(fresh.count + contentChanged.count)
    var next = 0
    let reloaded = contentChanged.isEmpty ? [] : update.rowChanges.reloadedRows
    for row in reloaded {
      let id = controller.rowID(atRow: row)
      guard contentChanged.contains(id) else { continue }
      while next < fresh.count, fresh[next] < row {
        shown.append(ShownRow(row: fresh[next]))
        next += 1
      }
      shown.append(ShownRow(row: row, updatedID: id))
    }
    for row in fresh[next...] { shown.append(ShownRow(row: row)) }
    return shown
  }

  /// The rows a burst of several updates shows, top to bottom.
  private func shownRows(of changes: ChangeSet) -> [ShownRow] {
    rows(showing: changes.shownRows(holdsItem: transcript.contains(id:))).map { row, id in
      ShownRow(row: row, updatedID: changes.insertedRows.contains(id) ? nil : id)
    }
  }

  func finish(_ progress: FollowProgress) {
    writer.finish()
  }

  /// The rows `wanted` names, top to bottom; every one must be in the transcript.
  ///
  /// Each is looked up where it must be: an item's row through the controller's id index, an
  /// injected row next to the item it is named after (the kit names them `ID/day`,
  /// `ID/status`, `ID/seen`, `ID/unread`). A reaction or a receipt changes old messages
  /// anywhere in the transcript, and walking to them cost a burst O(n). What is not found so
  /// (another decorator's names) is searched for from both ends at once, where what a burst
  /// changes mostly is: new messages at the bottom, pages of history at the top.
  ///
  /// - Complexity: O(w) id lookups for w wanted rows; plus O(d log n) for rows found by the
  ///   walk, d the number of rows between the farthest of them and the nearer end.
  private func rows(showing wanted: Set<RowID>) -> [(row: Int, id: RowID)] {
    var found: [(row: Int, id: RowID)] = []
    var missing: Set<RowID> = []
    for id in wanted {
      if let row = lookUp(id) { found.append((row, id)) } else { missing.insert(id) }
    }
    var top = 0
    var bottom = controller.rowCount - 1
    var fromBottom = true
    while top <= bottom, !missing.isEmpty {
      let row = fromBottom ? bottom : top
      if fromBottom { bottom -= 1 } else { top += 1 }
      fromBottom.toggle()
      let id = controller.rowID(atRow: row)
      if missing.remove(id) != nil { found.append((row, id)) }
    }
    return found.sorted { $0.row < $1.row }
  }

  /// The row of `id` by the id index: an item's own, or an injected row among the few around
  /// the item whose id comes before its last `/`; `nil` when it is not there.
  private func lookUp(_ id: RowID) -> Int? {
    guard id.isInjected else {
      return controller.row(ofItemWithID: id.id).flatMap { controller.rowID(atRow: $0) == id ? $0 : nil }
    }
    guard let slash = id.id.utf8.lastIndex(of: UInt8(ascii: "/")),
      let owner = controller.row(ofItemWithID: String(id.id[..<slash]))
    else { return nil }
    // A day separator is just above its item; status, receipt and divider rows just below.
    let near = max(owner - 2, 0)..<min(owner + 5, controller.rowCount)
    return near.first { controller.rowID(atRow: $0) == id }
  }

  /// Writes rows `rows` and their bottom margins as plain text, each line ending in a line feed.
  private func draw(rows: Range<Int>) {
    let top = controller.frame(ofRow: rows.lowerBound).minY
    let bottom =
      rows.upperBound < controller.rowCount
      ? controller.frame(ofRow: rows.upperBound).minY : controller.contentHeight
    controller.forEachLentPage(from: top, to: bottom, pageRows: ChatTranscriptController.textPageRows) {
      writer.submit($0, rowOffset: $1)
    }
  }
}
