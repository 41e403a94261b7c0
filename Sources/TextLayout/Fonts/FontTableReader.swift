/// Big-endian reads inside one table of a font file, each checked against the table's end.
///
/// Offsets are relative to the table (or subtable) the reader stands for, as the OpenType
/// spec gives them; a read that would leave it throws ``FontError`` naming the table.
struct FontTableReader {
  /// The whole file.
  let bytes: [UInt8]
  /// The table's tag, for error messages.
  let table: String
  /// Where this reader's offsets count from, in the file.
  let base: Int
  /// Where the table ends, in the file; never past `bytes.count`.
  let end: Int
  /// Where the table starts, in the file: errors give offsets from there.
  private let tableStart: Int

  /// A reader for `length` bytes at `offset` of the file.
  ///
  /// - Throws: ``FontError`` when the range leaves the file.
  init(_ bytes: [UInt8], table: String, offset: Int, length: Int) throws(FontError) {
    guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
      throw .truncated(table, at: offset, length: length)
    }
    self.bytes = bytes
    self.table = table
    self.base = offset
    self.end = offset + length
    self.tableStart = offset
  }

  private init(_ parent: FontTableReader, base: Int) {
    self.bytes = parent.bytes
    self.table = parent.table
    self.base = base
    self.end = parent.end
    self.tableStart = parent.tableStart
  }

  /// The bytes this reader can reach from its base.
  var length: Int { end - base }

  /// Throws unless `count` items of `size` bytes at `offset` lie inside the table.
  func require(_ offset: Int, count: Int = 1, size: Int) throws(FontError) {
    // Counts come from 16- and 32-bit fields and sizes are small: no product overflows.
    let total = count * size
    guard offset >= 0, count >= 0, offset <= length, total <= length - offset else {
      throw .truncated(table, at: base - tableStart + offset, length: total)
    }
  }

  func uint8(_ offset: Int) throws(FontError) -> UInt8 {
    try require(offset, size: 1)
    return bytes[base + offset]
  }

  func uint16(_ offset: Int) throws(FontError) -> UInt16 {
    try require(offset, size: 2)
    return UInt16(bytes[base + offset]) << 8 | UInt16(bytes[base + offset + 1])
  }

  func int16(_ offset: Int) throws(FontError) -> Int16 {
    Int16(bitPattern: try uint16(offset))
  }

  func uint32(_ offset: Int) throws(FontError) -> UInt32 {
    try require(offset, size: 4)
    let index = base + offset
    return UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
      | UInt32(bytes[index + 3])
  }

  /// A 16-bit read already known to be in range (after ``require(_:count:size:)``).
  func uncheckedUInt16(_ offset: Int) -> UInt16 {
    UInt16(bytes[base + offset]) << 8 | UInt16(bytes[base + offset + 1])
  }

  /// A reader whose offsets count from `offset`, up to the same end.
  ///
  /// - Throws: ``FontError`` when `offset` is past the end.
  func subtable(at offset: Int) throws(FontError) -> FontTableReader {
    guard offset >= 0, offset < length else {
      throw .truncated(table, at: base - tableStart + offset, length: 1)
    }
    return FontTableReader(self, base: base + offset)
  }

  /// The absolute position of `offset`, to tell subtables apart (shared class definitions).
  func position(of offset: Int) -> Int {
    base + offset
  }
}
