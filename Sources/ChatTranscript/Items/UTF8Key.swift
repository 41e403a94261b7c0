/// A string as a dictionary key or set member, compared and hashed by its UTF-8 bytes.
///
/// Ids and senders are keyed this way everywhere: JSON and the wire format tell strings apart
/// by their code units, while `String`'s `==` and `Hashable` use canonical equivalence, so
/// `"caf\u{E9}"` and `"cafe\u{301}"` would be one key, and one sender could update or delete
/// another's message. Comparing bytes also skips the normalization `String` hashing does for
/// text not in NFC.
package struct UTF8Key: Hashable, Sendable {
  package var string: String

  package init(_ string: String) {
    self.string = string
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.string.hasSameBytes(as: rhs.string)
  }

  /// - Complexity: O(n) in the string's UTF-8 length.
  package func hash(into hasher: inout Hasher) {
    string.hashBytes(into: &hasher)
  }
}
