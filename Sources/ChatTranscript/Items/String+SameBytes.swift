extension String {
  /// Whether the two strings have the same UTF-8 bytes: how JSON, the wire format and the
  /// engine compare ids and keys.
  ///
  /// Swift's `==` compares by canonical equivalence instead, so `"caf\u{E9}"` equals
  /// `"cafe\u{301}"` there: two ids a sender wrote differently would be one.
  ///
  /// - Complexity: O(n), eight bytes at a time.
  package func hasSameBytes(as other: String) -> Bool {
    guard utf8.count == other.utf8.count else { return false }
    var this = self
    var other = other
    return this.withUTF8 { lhs in
      other.withUTF8 { rhs in
        let lhs = UnsafeRawBufferPointer(lhs)
        let rhs = UnsafeRawBufferPointer(rhs)
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
    }
  }
}
