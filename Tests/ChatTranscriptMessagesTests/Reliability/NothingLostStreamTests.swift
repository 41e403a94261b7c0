import ChatTranscript
import ChatTranscriptStreams
import TestSupport
import Testing
import TranscriptGenerator

/// What `transcript follow` does, in the library: a generated stream fed line by line, with
/// updates applied at random burst boundaries. Bad lines of every kind mixed in must cost only
/// themselves: the final transcript is the one the clean stream gives, row for row.
@Suite struct NothingLostStreamTests {
  @Test(arguments: [3, 17, 42] as [UInt64])
  func badLinesAndBurstBoundariesChangeNothing(seed: UInt64) {
    let encoder = StreamEncoder()
    let goodLines = SyntheticTranscript(count: 3_000, seed: seed).map { encoder.encode($0) }
    let mixed = BadLineMixer.mix(goodLines, count: 150, seed: seed)
    var random = SeededRandom(seed: seed)

    let clean = StreamSession(width: 60)
    let cleanDiagnostics = clean.feed(goodLines.map { Array($0.utf8) }, using: &random)
    let dirty = StreamSession(width: 60)
    let dirtyDiagnostics = dirty.feed(mixed.lines, using: &random)

    #expect(cleanDiagnostics.isEmpty, "seed \(seed)")
    #expect(dirtyDiagnostics.map(\.line) == mixed.badLineNumbers, "seed \(seed)")
    #expect(dirty.layoutRows == clean.layoutRows, "seed \(seed)")
    let dirtyItems = dirty.transcript.chatItems
    let cleanItems = clean.transcript.chatItems
    #expect(dirtyItems.count == cleanItems.count, "seed \(seed)")
    #expect(
      zip(dirtyItems, cleanItems).allSatisfy { $0.id == $1.id && $0.hasSameContent(as: $1) }, "seed \(seed)")
  }
}
