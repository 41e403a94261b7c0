import ChatTranscript
import ChatTranscriptMessages

/// Who has read how far: each reader's newest read item, and for each item the readers whose
/// newest read it is, in the order they reached it.
///
/// An item's readers are a list linked through one dictionary keyed by each reader's UTF-8
/// bytes, as ``Typists`` links its senders: moving a reader and naming an item's first few
/// readers cost O(1) however many read, and only readers and the items they are at are
/// stored.
struct Readers {
  private struct Reader {
    var item: UTF8Key
    var previous: UTF8Key?
    var next: UTF8Key?
  }

  /// The ends and length of one item's list.
  private struct Crowd {
    var first: UTF8Key
    var last: UTF8Key
    var count: Int
  }

  private var readers: [UTF8Key: Reader] = [:]
  private var crowds: [UTF8Key: Crowd] = [:]

  /// How many readers are known.
  var readerCount: Int { readers.count }
  /// How many items are some reader's newest read.
  var itemCount: Int { crowds.count }
  /// What the two dictionaries hold on to, for tests that it stays bounded.
  var storageCapacity: Int { readers.capacity + crowds.capacity }

  /// The id of the newest item `reader` has read, if any.
  ///
  /// - Complexity: O(1).
  func item(readBy reader: String) -> UTF8Key? {
    readers[UTF8Key(reader)]?.item
  }

  /// Puts `reader` last among the readers of `item`, taking it from the item it was at.
  ///
  /// - Complexity: O(1) amortized.
  mutating func move(_ reader: String, to item: UTF8Key) {
    let key = UTF8Key(reader)
    unlink(key)
    if var crowd = crowds[item] {
      readers[key] = Reader(item: item, previous: crowd.last)
      readers[crowd.last]?.next = key
      crowd.last = key
      crowd.count += 1
      crowds[item] = crowd
    } else {
      readers[key] = Reader(item: item)
      crowds[item] = Crowd(first: key, last: key, count: 1)
    }
    // A crowd that moves on together leaves its items behind: let their entries go.
    shrinkIfMostlyEmpty()
  }

  /// Forgets every reader whose newest read is `item`, which left the transcript.
  ///
  /// - Complexity: O(*r*) for its *r* readers: each was put there by an event of its own.
  mutating func removeReaders(of item: UTF8Key) {
    guard let crowd = crowds.removeValue(forKey: item) else { return }
    var key: UTF8Key? = crowd.first
    while let current = key {
      key = readers.removeValue(forKey: current)?.next
    }
    shrinkIfMostlyEmpty()
  }

  /// What `item` shows: its first readers named, in order, and the others counted.
  ///
  /// - Complexity: O(``ReadReceipt/namedReaderLimit``).
  func receipt(of item: UTF8Key) -> ReadReceipt {
    guard let crowd = crowds[item] else { return ReadReceipt() }
    var names: [String] = []
    var key: UTF8Key? = crowd.first
    while names.count < ReadReceipt.namedReaderLimit, let current = key {
      names.append(current.string)
      key = readers[current]?.next
    }
    return ReadReceipt(readers: names, otherReaderCount: crowd.count - names.count)
  }

  /// Takes `reader` out of the list of the item it is at.
  private mutating func unlink(_ reader: UTF8Key) {
    guard let removed = readers.removeValue(forKey: reader),
      var crowd = crowds.removeValue(forKey: removed.item)
    else { return }
    crowd.count -= 1
    if crowd.count > 0 {
      if let previous = removed.previous {
        readers[previous]?.next = removed.next
      } else if let next = removed.next {
        crowd.first = next
      }
      if let next = removed.next {
        readers[next]?.previous = removed.previous
      } else if let previous = removed.previous {
        crowd.last = previous
      }
      crowds[removed.item] = crowd
    }
  }

  /// A dictionary keeps its capacity as it empties: readers that left, and the items a crowd
  /// left together, are let go.
  ///
  /// - Complexity: O(1) amortized: a rebuild follows removals of three quarters of the entries.
  private mutating func shrinkIfMostlyEmpty() {
    if readers.count <= readers.capacity / 4 {
      readers = Dictionary(uniqueKeysWithValues: readers.lazy.map { ($0, $1) })
    }
    if crowds.count <= crowds.capacity / 4 {
      crowds = Dictionary(uniqueKeysWithValues: crowds.lazy.map { ($0, $1) })
    }
  }
}
