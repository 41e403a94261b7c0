extension String {
  /// Whether the two strings have the same UTF-8 bytes: how JSON, the wire format and the
  /// engine compare ids and keys.
  ///
  /// Swift's `==` compares by canonical equivalence instead, so `"caf\u{E9}"` equals
  /// `"cafe\u{301}"` there: two ids a sender wrote differently would be one.
  ///
  /// - Complexity: O(n), eight bytes at a time.
  package func hasSameBytes(as other: String) -> Bool {
    // Copies of one string (or equal small strings) are the same two words.
    if Self.words(of: self) == Self.words(of: other) { return true }
    guard utf8.count == other.utf8.count else { return false }
    // Native and small strings lend their bytes in place; others are compared as they iterate.
    let inPlace = utf8.withContiguousStorageIfAvailable { lhs in
      other.utf8.withContiguousStorageIfAvailable { rhs in
        Self.sameBytes(UnsafeRawBufferPointer(lhs), UnsafeRawBufferPointer(rhs))
      }
    }
    return (inPlace ?? nil) ?? utf8.elementsEqual(other.utf8)
  }

  /// The two words a string is made of (its count and flags, and its storage or small bytes):
  /// the same for copies of one string and for equal small strings, so a table holding a
  /// string can find it again without reading its bytes.
  @inline(__always)
  package static func words(of string: String) -> (UInt64, UInt64) {
    withUnsafeBytes(of: string) {
      (
        $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
        $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      )
    }
  }

  /// Compares two buffers of one length, eight bytes at a time.
  private static func sameBytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset &+ 8 <= lhs.count {
      guard
        lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset &+= 8
    }
    while offset < lhs.count {
      guard lhs[offset] == rhs[offset] else { return false }
      offset &+= 1
    }
    return true
  }

  /// Feeds the string's UTF-8 bytes and their count to `hasher`: the hash that agrees with
  /// ``hasSameBytes(as:)``.
  ///
  /// - Complexity: O(n).
  package func hashBytes(into hasher: inout Hasher) {
    let hashedInPlace: Void? = utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if hashedInPlace == nil {
      for byte in utf8 { hasher.combine(byte) }
    }
    hasher.combine(utf8.count)
  }
}
