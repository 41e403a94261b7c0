import ChatTranscript
import Synchronization

/// Reads ``ConversationItem``s out of `any ChatItem` without a protocol cast per item.
///
/// A cast from one existential to another (`item as? any ConversationItem`) searches
/// conformances and costs about 200 ns, more than sizing a short message, and the decorator
/// and the measurers read every item. So the answer is kept per concrete type: the first
/// item of a type pays for the cast of its metatype, every later one costs a hash, an
/// atomic load and a cast to that concrete type.
public enum ConversationItems {
  /// When `item` happened, if it says.
  public static func date(of item: any ChatItem) -> Timestamp? {
    read(item, DateReader()) ?? nil
  }

  /// `item`'s message model when it is a message.
  public static func messageModel(of item: any ChatItem) -> MessageModel? {
    read(item, MessageModelReader()) ?? nil
  }

  /// `item` as one of the kit's own shapes, when it takes one.
  public static func content(of item: any ChatItem) -> ConversationContent? {
    read(item, ContentReader()) ?? nil
  }

  /// `item` as a text message, with its ``ConversationItem/textMetricsMemo``, in one read.
  static func textMessage(of item: any ChatItem) -> (item: TextMessageItem, memo: TextMetricsMemo?)? {
    read(item, TextMessageReader()) ?? nil
  }

  /// What `reader` reads of `item` as a ``ConversationItem``; `nil` when it is not one.
  ///
  /// The reader is called with the item's concrete type, found in the cache, so no cast
  /// runs and the item is not boxed again.
  static func read<Reader: ConversationItemReader>(_ item: any ChatItem, _ reader: Reader) -> Reader.Result? {
    guard let type = cache.conversationType(of: Swift.type(of: item)) else { return nil }
    return open(item, as: type, reader)
  }

  /// `item` (opened as `Item`) seen as `type`, which the cache found to be `Item` itself.
  private static func open<Item: ChatItem, Reader: ConversationItemReader>(
    _ item: Item, as type: any ConversationItem.Type, _ reader: Reader
  ) -> Reader.Result {
    func reinterpret<Conversation: ConversationItem>(_: Conversation.Type) -> Reader.Result {
      // `Conversation` and `Item` are one type (the cache is keyed by the item's own type),
      // so this reinterprets nothing; it only lets the compiler see the conformance.
      reader.read(unsafeBitCast(item, to: Conversation.self))
    }
    return reinterpret(type)
  }

  private static let cache = ConformanceCache()

  private struct DateReader: ConversationItemReader {
    func read(_ item: some ConversationItem) -> Timestamp? { item.date }
  }

  private struct MessageModelReader: ConversationItemReader {
    func read(_ item: some ConversationItem) -> MessageModel? { item.messageModel }
  }

  private struct TextMessageReader: ConversationItemReader {
    func read(_ item: some ConversationItem) -> (item: TextMessageItem, memo: TextMetricsMemo?)? {
      guard case .text(let text) = item.conversationContent else { return nil }
      return (text, item.textMetricsMemo)
    }
  }

  private struct ContentReader: ConversationItemReader {
    func read(_ item: some ConversationItem) -> ConversationContent? { item.conversationContent }
  }
}

/// Reads something of a ``ConversationItem`` of any concrete type (see
/// ``ConversationItems/read(_:_:)``).
protocol ConversationItemReader {
  associatedtype Result
  func read(_ item: some ConversationItem) -> Result
}

/// Concrete item type → its ``ConversationItem`` metatype, or `nil` when it does not conform.
///
/// A fixed table of 256 slots, each published once with a compare-and-swap and never
/// changed after: readers only load, so cores reading the same entries share their cache
/// lines. Entries are never freed (there is one per item type a process sees). When the
/// table is full, a type is looked up with a cast every time, which is slower but right.
///
/// `@unchecked Sendable`: the slots are atomics, written only by compare-and-swap, and the
/// entries they point to are immutable.
private final class ConformanceCache: @unchecked Sendable {
  private final class Entry: Sendable {
    let type: ObjectIdentifier
    let conversationType: (any ConversationItem.Type)?

    init(type: ObjectIdentifier, conversationType: (any ConversationItem.Type)?) {
      self.type = type
      self.conversationType = conversationType
    }
  }

  /// 2^8: the mixed key's top eight bits pick the first slot.
  private static let slotCount = 256
  private static let probes = 16
  private let slots = UnsafeMutablePointer<Atomic<UnsafeRawPointer?>>.allocate(
    capacity: ConformanceCache.slotCount)

  init() {
    for slot in 0..<Self.slotCount {
      (slots + slot).initialize(to: Atomic(nil))
    }
  }

  deinit {
    slots.deinitialize(count: Self.slotCount)
    slots.deallocate()
  }

  /// Whether `type` conforms, and as which metatype; looked up once per type.
  func conversationType(of type: any ChatItem.Type) -> (any ConversationItem.Type)? {
    let key = ObjectIdentifier(type)
    // Metadata addresses are aligned and spread; a multiply mixes the bits that differ into
    // the top, where the shift takes the slot from (no seeded hashing per lookup).
    let mixed = UInt(bitPattern: Int(bitPattern: key)) &* 0x9E37_79B9_7F4A_7C15
    var slot = Int(truncatingIfNeeded: mixed >> (UInt.bitWidth - 8))
    for _ in 0..<Self.probes {
      if let pointer = slots[slot].load(ordering: .acquiring) {
        // Entries live for the process: read without a retain and release per lookup.
        let found = Unmanaged<Entry>.fromOpaque(pointer)._withUnsafeGuaranteedRef { entry in
          entry.type == key ? Optional.some(entry.conversationType) : nil
        }
        if let found { return found }
      } else {
        let entry = Entry(type: key, conversationType: type as? any ConversationItem.Type)
        let pointer = UnsafeRawPointer(Unmanaged.passRetained(entry).toOpaque())
        let (exchanged, found) = slots[slot].compareExchange(
          expected: nil, desired: pointer, ordering: .acquiringAndReleasing)
        if exchanged { return entry.conversationType }
        // Another thread filled the slot first: drop ours and read theirs.
        Unmanaged<Entry>.fromOpaque(pointer).release()
        if let found, Unmanaged<Entry>.fromOpaque(found).takeUnretainedValue().type == key {
          return entry.conversationType
        }
      }
      slot = (slot + 1) & (Self.slotCount - 1)
    }
    return type as? any ConversationItem.Type
  }
}
