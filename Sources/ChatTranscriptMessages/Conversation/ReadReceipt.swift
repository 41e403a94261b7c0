/// The other participants whose newest read message is this one: the `seen by bob, yuki` row
/// under it.
///
/// It names the first few readers, in the order they reached the message, and counts the
/// rest, so a message read by a crowd costs the same to hand out, compare and draw as one
/// read by two.
public struct ReadReceipt: Sendable, Hashable {
  /// How many readers the row names; the others are counted (`and 2 others`).
  public static let namedReaderLimit = 3

  /// The readers the row names, in the order they reached the message: at most
  /// ``namedReaderLimit``.
  public let readers: [String]
  /// How many more readers there are after them.
  public let otherReaderCount: Int

  /// Nobody's: what every message a transcript has not resolved carries, made in place.
  @inlinable public init() {
    readers = []
    otherReaderCount = 0
  }

  /// The receipt of `readers`, in the order they reached the message, and `otherReaderCount`
  /// more after them. Readers past ``namedReaderLimit`` are counted with the others.
  public init(readers: [String] = [], otherReaderCount: Int = 0) {
    let named = min(readers.count, Self.namedReaderLimit)
    self.readers = Array(readers[..<named])
    self.otherReaderCount = max(otherReaderCount, 0) + readers.count - named
  }

  /// Whether nobody's newest read message is this one: no row.
  public var isEmpty: Bool { readers.isEmpty && otherReaderCount == 0 }
}
