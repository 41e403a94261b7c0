import ChatTranscript
import ChatTranscriptMessages
import Foundation

/// One device the conversation is shown on: a controller of its own at its own width, and
/// the rows its list view shows, kept in step by applying each update's row changes as a UI
/// client applies them in a batch update.
final class Client {
  let name: String
  let controller: ChatTranscriptController
  /// What the client's list shows, row by row.
  private(set) var shownRows: [ShownRow] = []
  private var updateCount = 0
  /// Keeps the observer registered: releasing it stops delivery.
  private var observation: UpdateObservation?

  init(
    _ name: String, width: Double, height: Double, builders: [String: [any ChatItemPresenterBuilder]],
    store: ConversationStore
  ) {
    self.name = name
    controller = ChatTranscriptController(
      buildersByType: builders, decorator: MessagesKit.decorator(),
      viewport: Viewport(width: width, height: height))
    controller.dataSource = store
    observation = controller.addUpdateObserver { [weak self] update in self?.show(update) }
  }

  /// The client's name, padded so the output's columns line up.
  var label: String { name.padding(toLength: 7, withPad: " ", startingAt: 0) }

  /// Prints what `update` did, applies its row changes to the rows shown, and checks that
  /// they are then the controller's rows.
  private func show(_ update: TranscriptUpdate) {
    updateCount += 1
    let changes = update.rowChanges
    print(
      "\(label) update \(updateCount): +\(changes.insertedRows.count) -\(changes.deletedRows.count)"
        + " moved \(changes.movedRows.count) reloaded \(changes.reloadedRows.count) (rows \(controller.rowCount))"
    )

    guard var rows = changes.applied(to: shownRows, newRowCount: controller.rowCount, newRow: row(at:)) else {
      fail("update \(updateCount)'s row changes do not fit the \(shownRows.count) rows shown")
    }
    for index in changes.reloadedRows { rows[index] = row(at: index) }
    if let index = rows.indices.first(where: { rows[$0] != row(at: $0) }) {
      fail(
        "after update \(updateCount), row \(index) shows \(rows[index].item.id) as it was;"
          + " the controller has \(row(at: index).item.id)")
    }
    shownRows = rows
  }

  /// Row `index` as the controller has it now.
  private func row(at index: Int) -> ShownRow {
    ShownRow(
      item: controller.item(atRow: index), decoration: controller.decoration(atRow: index),
      height: controller.frame(ofRow: index).height)
  }

  /// Stops the program with `problem`: one of the sample's checks failed.
  func fail(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("backend-sample: \(name): \(problem)\n".utf8))
    exit(1)
  }
}
