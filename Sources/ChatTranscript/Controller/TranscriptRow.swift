/// What the controller keeps per laid-out row.
struct TranscriptRow {
  /// Whether the row stands for a data-source item or was injected around one.
  enum Role: UInt8 {
    case leading, item, trailing
  }

  /// The item's id, kept beside it: finding a row by id compares it without loading the item
  /// (often an object of its own elsewhere in memory: one more cache and TLB miss per lookup on a
  /// large transcript).
  private(set) var id: String
  var item: any ChatItem {
    didSet { id = item.id }
  }
  /// Made when the row first needs one (on screen, touched, asked for, or an item only a
  /// presenter can size), then kept while the row stays; see ``ChatItemHeightMeasurer``.
  var presenter: (any ChatItemPresenter)?
  // Declared in this order so the row packs into 96 bytes: a million rows are 96 MB.
  /// Unique per content: a new row or changed content gets a fresh one. Part of the
  /// height-cache key, and tells visible cells to reconfigure.
  var contentVersion: Int
  var decoration: ChatItemDecoration
  var role: Role

  /// The row's identity: an injected row is keyed apart from an item with the same id.
  var key: ChatItemKey { ChatItemKey(item, isInjected: role != .item) }
  var rowID: RowID { RowID(id: id, isInjected: role != .item) }
}

typealias TranscriptLayout = LayoutModel<TranscriptRow>

extension LayoutModel<TranscriptRow>.PayloadSlot {
  /// Where `field`, a stored field of the row, lies in its slot, for reading rows field by
  /// field where they lie: reading a field through the row, even through a pointer, copied
  /// the row whole, retaining and releasing its item, id and presenter, and at a million rows
  /// each of those was a cache miss on an object the reader never needed.
  static func offset<Value>(of field: KeyPath<Self, Value>) -> Int {
    // A key path to a stored field of a struct always has an offset.
    MemoryLayout<Self>.offset(of: field).unsafelyUnwrapped
  }

  /// The field at `offset` (``offset(of:)``) of slot `index` of `slots`, loaded where it lies.
  @inline(__always)
  static func load<Value>(
    _ type: Value.Type, at offset: Int, ofSlot index: Int, in slots: UnsafeRawBufferPointer
  ) -> Value {
    slots.load(fromByteOffset: index * MemoryLayout<Self>.stride + offset, as: type)
  }
}

extension LayoutModel where Payload == TranscriptRow {
  /// Row `index`'s presenter, made by `factory` and kept if the row has none yet.
  mutating func presenter(at index: Int, factory: ChatItemPresenterFactory) -> any ChatItemPresenter {
    // The row read once: each read finds it and copies it out.
    let row = payload(at: index)
    if let presenter = row.presenter { return presenter }
    let presenter = factory.makePresenter(for: row.item)
    updatePayload(at: index) { $0.presenter = presenter }
    return presenter
  }
}

extension LayoutModel where Payload == TranscriptRow {
  /// Every row's id, kind and frame, top to bottom
  /// (``ChatTranscriptController/forEachRowFrame(_:)``).
  ///
  /// Chunk by chunk, each row's id loaded from where the row keeps it: reading the id through
  /// the row copied the row whole, retaining its item, presenter and the rest, and at a
  /// million rows each retain was a cache miss on an object the listing never needed.
  func forEachRowFrame(_ body: (_ id: String, _ isInjected: Bool, _ frame: Rect) -> Void) {
    let idOffset = PayloadSlot.offset(of: \.payload.id)
    var y = 0.0
    for (shapeChunk, payloadChunk) in zip(shapes.chunks, payloads.chunks) {
      shapeChunk.elements.withUnsafeBufferPointer { shapes in
        payloadChunk.elements.withUnsafeBytes { payloads in
          for row in shapes.indices {
            let id = PayloadSlot.load(String.self, at: idOffset, ofSlot: row, in: payloads)
            body(id, !shapes[row].isItem, Rect(x: 0, y: y, width: width, height: shapes[row].metrics.height))
            y += shapes[row].extent
          }
        }
      }
    }
  }
}
