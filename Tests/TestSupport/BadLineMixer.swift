import ChatTranscript
import ChatTranscriptStreams
import TranscriptGenerator

/// Mixes bad lines of every kind into a good NDJSON stream at seeded random places, for tests
/// that check nothing good is lost: the mixed stream must apply exactly like the good one, with
/// one diagnostic per bad line.
///
/// Every bad line is rejected whatever the transcript holds at that point: lines that are not
/// valid UTF-8 or not JSON, unknown ops, missing ids, wrong field types, bad statuses, ids that
/// were never used, the reserved typing id. Two kinds depend on the line before, so they go
/// only where that line makes them bad: an insert (or a prepend) of the id that was just
/// inserted, and a second delete of the id that was just deleted.
public struct BadLineMixer {
  /// A stream with bad lines in it.
  public struct Mixed: Sendable {
    /// Every line, good and bad, as bytes (some bad ones are not UTF-8).
    public var lines: [[UInt8]]
    /// The 1-based numbers of the bad lines, ascending.
    public var badLineNumbers: [Int]

    /// The lines joined by line feeds, with a final one: a file's contents.
    public var bytes: [UInt8] { Array(lines.joined(separator: [0x0A])) + [0x0A] }
  }

  /// Mixes `count` bad lines into `goodLines` (canonical NDJSON, one event each).
  ///
  /// - Parameters:
  ///   - goodLines: lines that all apply, in order.
  ///   - count: bad lines to add; they go before good lines or at the end, never two in a row.
  ///   - seed: the same seed gives the same stream.
  public static func mix(_ goodLines: [String], count: Int, seed: UInt64) -> Mixed {
    var random = SeededRandom(seed: seed)
    let places = Set(
      Array(0...goodLines.count).shuffled(using: &random).prefix(min(count, goodLines.count + 1)))
    let decoder = StreamDecoder()
    var mixed = Mixed(lines: [], badLineNumbers: [])
    for index in 0...goodLines.count {
      if places.contains(index) {
        let previous = index > 0 ? try? decoder.decode(goodLines[index - 1]).get() : nil
        mixed.lines.append(badLine(after: previous, number: mixed.lines.count + 1, using: &random))
        mixed.badLineNumbers.append(mixed.lines.count)
      }
      if index < goodLines.count { mixed.lines.append(Array(goodLines[index].utf8)) }
    }
    return mixed
  }

  /// One bad line; `previous` is the event of the good line just before it, if any.
  private static func badLine(after previous: StreamEvent?, number: Int, using random: inout SeededRandom)
    -> [UInt8]
  {
    let ghost = "ghost-\(number)"
    switch (random.below(16), previous) {
    case (0, .insert(let item, _)?):
      return Array(#"{"op":"insert","item":{"id":"\#(item.id)","type":"text","text":"again"}}"#.utf8)
    case (1, .insert(let item, _)?):
      return Array(#"{"op":"prepend","items":[{"id":"\#(item.id)","type":"text"}]}"#.utf8)
    case (2, .delete(let id)?):
      return Array(#"{"op":"delete","id":"\#(id)"}"#.utf8)
    case (3, _):
      return Array(#"{"op":"insert","item":{"id":"\#(ghost)","type":"text","text":"caf"#.utf8) + [0xC3, 0x28]
        + Array(#""}}"#.utf8)
    case (4, _):
      return [0xFF, 0xFE] + Array("garbage".utf8)
    case (5, _):
      return Array("this is not json".utf8)
    case (6, _):
      return Array(String(repeating: "[", count: 100 + random.below(1_000)).utf8)
    case (7, _):
      return Array(#"{"op":"archive","id":"\#(ghost)"}"#.utf8)
    case (8, _):
      return Array(#"{"op":"insert","item":{"type":"text","text":"no id"}}"#.utf8)
    case (9, _):
      return Array(#"{"op":"insert","item":{"id":"\#(ghost)","type":"text","text":42}}"#.utf8)
    case (10, _):
      return Array(#"{"op":"status","id":"\#(ghost)","status":"lost"}"#.utf8)
    case (11, _):
      return Array(#"{"op":"update","item":{"id":"\#(ghost)","type":"text","text":"boo"}}"#.utf8)
    case (12, _):
      return Array(#"{"op":"delete","id":"\#(ghost)"}"#.utf8)
    case (13, _):
      return Array(
        #"{"op":"insert","item":{"id":"\#(ghost)","type":"text"},"after":"\#(ghost)-anchor"}"#.utf8)
    case (14, _):
      return Array(##"{"op":"insert","item":{"id":"#typing","type":"text"}}"##.utf8)
    default:
      return Array(#"{"op":"status","id":"\#(ghost)","status":"read"}"#.utf8)
    }
  }
}
