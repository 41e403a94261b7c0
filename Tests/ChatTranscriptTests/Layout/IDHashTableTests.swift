import Testing
import TranscriptGenerator

@testable import ChatTranscript

/// The id indexes' table against a dictionary: random adds, places and removes, with hashes
/// drawn from a small set so that ids share hashes and probe runs wrap around the table's end.
@Suite struct IDHashTableTests {
  /// What the table should say about one hash.
  struct Expected: Equatable {
    var count: Int
    var chunk: Int32
    var offset: UInt16
  }

  @Test(arguments: [1, 2, 3])
  func agreesWithADictionary(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var table = IDHashTable()
    var reference: [UInt64: Expected] = [:]
    // A low half from a small set sends many hashes to the same few slots (the slot comes
    // from the low bits); the high half tells them apart. Never 0, which marks an empty slot.
    let hashes = (0..<300).map { index -> UInt64 in
      UInt64(index % 40 + 1) | (random.next() << 32)
    }
    for step in 0..<20_000 {
      let hash = hashes[random.below(hashes.count)]
      switch random.below(10) {
      case 0..<4:
        let (chunk, offset) = (random.below(1_000), random.below(512))
        table.place(hash, chunk: chunk, offset: offset, adding: true)
        var expected = reference[hash] ?? Expected(count: 0, chunk: -1, offset: 0)
        expected.count += 1
        (expected.chunk, expected.offset) = (Int32(chunk), UInt16(offset))
        reference[hash] = expected
      case 4..<6:
        guard reference[hash] != nil else { continue }
        let (chunk, offset) = (random.below(1_000), random.below(512))
        table.place(hash, chunk: chunk, offset: offset)
        (reference[hash]!.chunk, reference[hash]!.offset) = (Int32(chunk), UInt16(offset))
      default:
        table.remove(hash)
        if let expected = reference[hash] {
          reference[hash] =
            expected.count > 1
            ? Expected(count: expected.count - 1, chunk: expected.chunk, offset: expected.offset) : nil
        }
      }
      if step % 997 == 0 || step == 19_999 {
        #expect(table.hashCount == reference.count)
        for hash in hashes {
          let slot = table.slot(of: hash)
          let found = slot.map { Expected(count: Int($0.count), chunk: $0.chunk, offset: $0.offset) }
          #expect(found == reference[hash], "hash \(hash) after step \(step)")
        }
      }
    }
  }

  @Test func reservingKeepsWhatIsThereAndCopiesDoNotShare() {
    var table = IDHashTable()
    for hash in 1...100 as ClosedRange<UInt64> {
      table.place(hash << 20 | hash, chunk: Int(hash), offset: 3, adding: true)
    }
    let copy = table
    table.reserveCapacity(100_000)
    table.makeUnique()
    table.remove(5 << 20 | 5)
    #expect(table.hashCount == 99 && copy.hashCount == 100)
    #expect(table.slot(of: 5 << 20 | 5) == nil && copy.slot(of: 5 << 20 | 5)?.chunk == 5)
    #expect(table.slot(of: 77 << 20 | 77)?.chunk == 77 && table.slot(of: 77 << 20 | 77)?.offset == 3)
  }

  @Test func hashesAreNeverZeroAndFollowTheBytes() {
    #expect(IDHashTable.hash(of: "m1") == IDHashTable.hash(of: "m" + "1"))
    #expect(IDHashTable.hash(of: "caf\u{E9}") != IDHashTable.hash(of: "cafe\u{301}"))
    #expect(IDHashTable.hash(of: "") != 0)
  }
}
