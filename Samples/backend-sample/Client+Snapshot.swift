import ChatTranscript
import Foundation

extension Client {
  /// Prints the client's layout as a backend hands it to a client that draws rows itself: a
  /// summary of the whole snapshot, checked to survive a trip through JSON, and the JSON of
  /// the rows in `range`.
  func printSnapshot(showing range: Range<Int>) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let snapshot = controller.layoutSnapshot()
    let json = try encoder.encode(snapshot)
    guard try JSONDecoder().decode(LayoutSnapshot.self, from: json) == snapshot else {
      fail("the layout snapshot decodes to something else")
    }
    print(
      "\(label) snapshot: width \(Int(snapshot.width)), \(snapshot.rows.count) rows,"
        + " content height \(Int(snapshot.contentHeight)), \(json.count) bytes of JSON, decodes equal")
    encoder.outputFormatting.insert(.prettyPrinted)
    print(String(decoding: try encoder.encode(controller.layoutSnapshot(rows: range)), as: UTF8.self))
  }
}
