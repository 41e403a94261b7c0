import ChatTranscript

/// The senders typing now, in the order of their latest start.
///
/// A list linked through a dictionary keyed by each sender's UTF-8 bytes: a start, a stop and
/// a look at the first few cost O(1) however many people type, and only those typing now are
/// stored.
struct Typists {
  private struct Links {
    var previous: UTF8Key?
    var next: UTF8Key?
  }

  private var links: [UTF8Key: Links] = [:]
  private var first: UTF8Key?
  private var last: UTF8Key?

  /// How many senders are typing.
  var count: Int { links.count }
  var isEmpty: Bool { links.isEmpty }

  /// Puts `sender` last, whether or not it was typing already.
  ///
  /// - Returns: whether the order changed (not when `sender` was already last).
  /// - Complexity: O(1) amortized.
  mutating func start(_ sender: String) -> Bool {
    let key = UTF8Key(sender)
    if let last, last == key { return false }
    _ = stop(sender)
    links[key] = Links(previous: last)
    if let last { links[last]?.next = key } else { first = key }
    last = key
    return true
  }

  /// Takes `sender` out of the list.
  ///
  /// - Returns: whether it was typing.
  /// - Complexity: O(1) amortized.
  mutating func stop(_ sender: String) -> Bool {
    let key = UTF8Key(sender)
    guard let removed = links.removeValue(forKey: key) else { return false }
    if let previous = removed.previous { links[previous]?.next = removed.next } else { first = removed.next }
    if let next = removed.next { links[next]?.previous = removed.previous } else { last = removed.previous }
    // A dictionary keeps its capacity as it empties: a crowd that stopped typing is let go.
    if links.count <= links.capacity / 4 {
      links = Dictionary(uniqueKeysWithValues: links.lazy.map { ($0, $1) })
    }
    return true
  }

  /// The first `count` senders, in order.
  ///
  /// - Complexity: O(`count`).
  func prefix(_ count: Int) -> [String] {
    var senders: [String] = []
    var key = first
    while senders.count < count, let current = key {
      senders.append(current.string)
      key = links[current]?.next
    }
    return senders
  }

  /// The dictionary's capacity: what the list holds on to, for tests that it stays bounded.
  var storageCapacity: Int { links.capacity }
}
