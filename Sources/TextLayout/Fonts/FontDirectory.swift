/// The table directory of one face of a font file: where each table lies.
///
/// Reads a single TrueType or OpenType face (`0x00010000`, `true` or `OTTO`) or one face of a
/// collection (`ttcf`). Tables are checked to lie inside the file when they are found.
struct FontDirectory {
  private static let collectionTag: UInt32 = 0x7474_6366  // 'ttcf'
  private static let faceTags: Set<UInt32> = [0x0001_0000, 0x7472_7565, 0x4F54_544F]  // 1.0, 'true', 'OTTO'

  let bytes: [UInt8]
  private var tables: [UInt32: (offset: Int, length: Int)] = [:]

  /// The number of faces in `bytes`: 1 for a single font, the count of a collection.
  ///
  /// - Throws: ``FontError`` when the file is neither.
  static func faceCount(in bytes: [UInt8]) throws(FontError) -> Int {
    let header = try FontTableReader(bytes, table: "header", offset: 0, length: bytes.count)
    let tag = try header.uint32(0)
    if tag == collectionTag { return Int(try header.uint32(8)) }
    guard faceTags.contains(tag) else { throw .unsupported("unknown signature \(hex(tag))") }
    return 1
  }

  /// Reads the directory of face `faceIndex`.
  ///
  /// - Throws: ``FontError`` when the file is not a font, the face does not exist, or a table
  ///   record points outside the file.
  init(bytes: [UInt8], faceIndex: Int) throws(FontError) {
    self.bytes = bytes
    let file = try FontTableReader(bytes, table: "header", offset: 0, length: bytes.count)
    var faceOffset = 0
    if try file.uint32(0) == Self.collectionTag {
      let count = Int(try file.uint32(8))
      guard faceIndex >= 0, faceIndex < count else { throw .faceIndexOutOfRange(faceIndex, count: count) }
      faceOffset = Int(try file.uint32(12 + 4 * faceIndex))
    } else if faceIndex != 0 {
      throw .faceIndexOutOfRange(faceIndex, count: 1)
    }
    let face = try FontTableReader(bytes, table: "header", offset: 0, length: bytes.count)
    let signature = try face.uint32(faceOffset)
    guard Self.faceTags.contains(signature) else {
      throw .unsupported("unknown signature \(Self.hex(signature))")
    }
    let count = Int(try face.uint16(faceOffset + 4))
    try face.require(faceOffset + 12, count: count, size: 16)
    for index in 0..<count {
      let record = faceOffset + 12 + 16 * index
      let tag = try face.uint32(record)
      let offset = Int(try face.uint32(record + 8))
      let length = Int(try face.uint32(record + 12))
      guard offset <= bytes.count, length <= bytes.count - offset else {
        throw .invalid(
          "header", "table '\(Self.name(of: tag))' at \(offset), \(length) bytes, leaves the file")
      }
      if tables[tag] == nil { tables[tag] = (offset, length) }
    }
  }

  /// A reader for the table `tag`, or `nil` when the face has none.
  func table(_ tag: String) throws(FontError) -> FontTableReader? {
    guard let entry = tables[Self.number(of: tag)] else { return nil }
    return try FontTableReader(bytes, table: tag, offset: entry.offset, length: entry.length)
  }

  /// A reader for the table `tag`.
  ///
  /// - Throws: ``FontError`` when the face has none.
  func requiredTable(_ tag: String) throws(FontError) -> FontTableReader {
    guard let reader = try table(tag) else { throw .missingTable(tag) }
    return reader
  }

  private static func number(of tag: String) -> UInt32 {
    tag.utf8.reduce(0) { $0 << 8 | UInt32($1) }
  }

  static func name(of tag: UInt32) -> String {
    let scalars = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }
    guard scalars.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return hex(tag) }
    return String(decoding: scalars, as: UTF8.self)
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }
}
