import Testing

@testable import ChatTranscript

/// The id index's table: what is written is read back, at every size, and copies do not share.
@Suite struct LargeTableTests {
  struct Entry: BitwiseCopyable, Equatable {
    var key: UInt64
    var value: Int32
  }

  @Test(arguments: [1, 1_000, 1 << 17, (1 << 18) + 3])
  func holdsWhatIsWrittenAndCopiesApart(count: Int) {
    let table = LargeTable(repeating: Entry(key: 7, value: -1), count: count)
    #expect(table.count == count)
    #expect(table[0] == Entry(key: 7, value: -1) && table[count - 1] == Entry(key: 7, value: -1))
    for index in stride(from: 0, to: count, by: max(count / 97, 1)) {
      table[index] = Entry(key: UInt64(index) &* 0x9E37_79B9, value: Int32(truncatingIfNeeded: index))
    }
    let copy = table.copy()
    for index in stride(from: 0, to: count, by: max(count / 97, 1)) {
      #expect(
        copy[index] == Entry(key: UInt64(index) &* 0x9E37_79B9, value: Int32(truncatingIfNeeded: index)))
    }
    copy[count - 1] = Entry(key: 1, value: 1)
    #expect(table[count - 1] != copy[count - 1])
  }
}
