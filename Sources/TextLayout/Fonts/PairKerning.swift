/// The kerning of glyph pairs under one list of lookups, read into flat tables.
///
/// As HarfBuzz applies GPOS pair adjustment: within a lookup, the first subtable that applies
/// to a pair gives its value (a format 1 subtable applies when it lists the pair, a format 2
/// subtable whenever it covers the first glyph); the values of the lookups add up. Each value
/// is the change to the pair's advances (the first glyph's XAdvance plus the second's), in
/// font units.
struct PairKerning: Sendable {
  /// One lookup: its listed pairs, and for each first glyph the class subtable that wins.
  struct Lookup: Sendable {
    var pairs: GlyphPairTable
    /// Per first glyph: 0 for none, else 1 + the index in `classTables`.
    var classTableOfFirst: [UInt16]
    var classTables: [ClassPairTable]
  }

  /// A format 2 subtable: a matrix of values by the classes of the two glyphs.
  struct ClassPairTable: Sendable {
    var firstClasses: [UInt16]
    var secondClasses: [UInt16]
    var secondClassCount: Int
    /// Row-major by first class; empty when the subtable moves no advance.
    var values: [Int32]

    @inline(__always)
    func value(_ left: Int, _ right: Int) -> Int32 {
      guard !values.isEmpty, right < secondClasses.count else { return 0 }
      let second = Int(secondClasses[right])
      guard second < secondClassCount else { return 0 }
      return values[Int(firstClasses[left]) * secondClassCount + second]
    }
  }

  private(set) var lookups: [Lookup]
  /// Whether any lookup can kern a pair that starts with the glyph: most glyphs cannot.
  private(set) var startsPair: [Bool]

  /// No kerning.
  static let none = PairKerning(lookups: [], startsPair: [])

  init(lookups: [Lookup], startsPair: [Bool]) {
    self.lookups = lookups
    self.startsPair = startsPair
  }

  var isEmpty: Bool { lookups.isEmpty }

  /// The change to the advances of `left` followed by `right`, in font units.
  ///
  /// - Complexity: O(l) for l lookups: one hashed probe and one matrix read each.
  @inline(__always)
  func adjustment(_ left: UInt16, _ right: UInt16) -> Int32 {
    let first = Int(left)
    guard first < startsPair.count, startsPair[first] else { return 0 }
    var total: Int32 = 0
    for lookup in lookups {
      if let value = lookup.pairs.value(left, right) {
        total &+= value
      } else {
        let table = first < lookup.classTableOfFirst.count ? Int(lookup.classTableOfFirst[first]) : 0
        if table != 0 { total &+= lookup.classTables[table - 1].value(first, Int(right)) }
      }
    }
    return total
  }
}

/// An open-addressing hash table from a glyph pair to a value: cheaper to probe than a
/// `Dictionary`, whose hashing is built to resist collisions this data cannot cause on purpose
/// anyway (a font's pairs are fixed when it is read).
struct GlyphPairTable: Sendable {
  private static let empty = UInt32.max
  private var keys: [UInt32]
  private var values: [Int32]
  private var shift: UInt32
  private(set) var count = 0

  /// A table with room for `capacity` pairs.
  init(capacity: Int) {
    var bits: UInt32 = 1
    while (1 << bits) < capacity * 2 { bits += 1 }
    keys = Array(repeating: Self.empty, count: 1 << bits)
    values = Array(repeating: 0, count: 1 << bits)
    shift = 32 - bits
  }

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  private func slot(of key: UInt32) -> Int {
    Int((key &* 0x9E37_79B1) >> shift)
  }

  /// Adds the pair unless it is there already: the first value given for a pair wins.
  mutating func insertIfAbsent(_ left: UInt16, _ right: UInt16, _ value: Int32) {
    if count * 2 >= keys.count { grow() }
    let key = UInt32(left) << 16 | UInt32(right)
    let mask = keys.count - 1
    var index = slot(of: key)
    while keys[index] != Self.empty {
      if keys[index] == key { return }
      index = (index + 1) & mask
    }
    keys[index] = key
    values[index] = value
    count += 1
  }

  /// The value of the pair, or `nil` when it is not listed.
  @inline(__always)
  func value(_ left: UInt16, _ right: UInt16) -> Int32? {
    guard count > 0 else { return nil }
    let key = UInt32(left) << 16 | UInt32(right)
    let mask = keys.count - 1
    var index = slot(of: key)
    while true {
      let found = keys[index]
      if found == key { return values[index] }
      if found == Self.empty { return nil }
      index = (index + 1) & mask
    }
  }

  private mutating func grow() {
    var larger = GlyphPairTable(capacity: keys.count)
    for (index, key) in keys.enumerated() where key != Self.empty {
      larger.insertIfAbsent(UInt16(key >> 16), UInt16(key & 0xFFFF), values[index])
    }
    self = larger
  }
}
