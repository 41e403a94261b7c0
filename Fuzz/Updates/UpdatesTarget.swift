import ChatTranscript

/// libFuzzer entry point for the update flow: random edit sequences against a plain model.
///
/// Why: incremental updates (exact edits, coalesced bursts, re-decorating only the decorator's
/// reach, reusing presenters and cached heights, chunked prefix sums) are where a transcript
/// goes subtly wrong — a row left behind, a stale height, a cell showing an old version. The
/// model is the data source's own array: after every applied update, the controller's rows,
/// heights, margins, offsets, hit testing and visible cells must be exactly what that array
/// says, and from time to time equal to a controller built from scratch.
///
/// Input: the first byte picks the setup (decorator, trimming, coalescing); every following
/// byte is an operation, reading its arguments from the bytes after it (see ``Operation``).
/// A broken invariant ends in `fatalError`, which libFuzzer reports as a crash with the input.
///
/// The harness is this folder: the items, presenters, decorators and data source it drives are in
/// `UpdatesModel.swift`, the checks against the model in `UpdateSession+Checks.swift`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  var input = ByteReader(UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count))
  guard let setup = input.next() else { return 0 }
  var session = UpdateSession(setup: setup)
  while let code = input.next() {
    session.perform(code, reading: &input)
  }
  session.applyAndCheck()
  session.compareWithFreshController()
  return 0
}

/// Reads the fuzzer's bytes one at a time; past the end every argument is 0.
struct ByteReader {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The next byte, or `nil` at the end (the end of the operations).
  mutating func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next byte as an argument: a number below `bound` (0 when the input has ended).
  mutating func argument(below bound: Int) -> Int {
    guard bound > 0 else { return 0 }
    return Int(next() ?? 0) % bound
  }
}

// MARK: - The session

/// The operations, chosen by the low nibble of an operation byte; bit 7 applies right after.
enum Operation: UInt8 {
  case insert, insertMany, remove, replace, changeType, move, openBatch, closeBatch
  case resize, rearrange, scroll, bogusChange, fullDiff, compareFresh, apply, applyToo
}

/// A controller, its data source and the model, driven by the fuzzer's operations.
struct UpdateSession {
  static let widths: [Double] = [12, 19, 20, 40, 80, 0]
  static let heights: [Double] = [10, 0, 3, 30]
  /// Keeps a run's work bounded (every check is linear) while still allowing more than one
  /// chunk (512 rows) of layout: a cap of 1500 items ran about 8 times slower.
  static let maximumItems = 700

  let decoratorChoice: DecoratorChoice
  let configuration: ChatTranscriptController.Configuration
  let dataSource = FuzzDataSource()
  let controller: ChatTranscriptController
  var nextID = 0

  init(setup: UInt8) {
    switch setup % 4 {
    case 0: decoratorChoice = .uniform(margin: 0)
    case 1: decoratorChoice = .uniform(margin: 2)
    default: decoratorChoice = .grouping
    }
    var configuration = ChatTranscriptController.Configuration()
    configuration.coalescesUpdates = setup & 0x10 == 0
    if setup & 0x20 != 0 {
      configuration.maximumItemCount = 40
      configuration.itemCountAfterTrimming = 25
    }
    configuration.heightCacheCapacity = setup & 0x40 == 0 ? 100_000 : 3
    self.configuration = configuration
    controller = Self.makeController(
      decoratorChoice, configuration: configuration, viewport: Viewport(width: 40, height: 10))
    controller.dataSource = dataSource
  }

  static func makeController(
    _ choice: DecoratorChoice, configuration: ChatTranscriptController.Configuration, viewport: Viewport
  ) -> ChatTranscriptController {
    let builders: [any ChatItemPresenterBuilder] = [FuzzBuilder()]
    // Items of type "b" are sized without presenters: both paths run in every input.
    return ChatTranscriptController(
      buildersByType: ["a": builders, "b": [FuzzBuilder(measures: true)], FuzzItem.markType: builders],
      decorator: choice.decorator, viewport: viewport, configuration: configuration)
  }

  /// A new item, its properties read from the input.
  mutating func makeItem(_ input: inout ByteReader) -> FuzzItem {
    let bits = input.argument(below: 256)
    nextID += 1
    return FuzzItem(
      id: "i\(nextID)", type: bits & 1 == 0 ? "a" : "b", height: (bits >> 1) & 3, group: (bits >> 3) & 1,
      isMarked: bits & 0x10 != 0, measuresInBackground: bits & 0x20 != 0, takesUpdates: bits & 0x40 == 0)
  }

  mutating func perform(_ code: UInt8, reading input: inout ByteReader) {
    guard let operation = Operation(rawValue: code & 0x0F) else { return }
    let count = dataSource.items.count
    switch operation {
    case .insert:
      let index = input.argument(below: count + 1)
      let number = input.argument(below: 4) + 1
      guard count + number <= Self.maximumItems else { break }
      let new = (0..<number).map { _ in makeItem(&input) }
      dataSource.insert(new, at: index, type: index == 0 && code & 0x40 != 0 ? .pagination : .normal)
    case .insertMany:
      // With bit 6, enough rows at once to split and merge the layout's chunks (512 rows);
      // without, a page of history. Big transcripts make every check slower, so they are opt-in.
      let index = input.argument(below: count + 1)
      let wanted = code & 0x40 == 0 ? input.argument(below: 32) + 1 : input.argument(below: 256) * 3 + 1
      let number = min(wanted, Self.maximumItems - count)
      guard number > 0 else { break }
      let template = makeItem(&input)
      let new = (0..<number).map { offset in
        nextID += 1
        var item = template
        item.id = "i\(nextID)"
        item.height = (template.height + offset) % 4
        item.group = (offset / 3) % 2
        return item
      }
      dataSource.insert(new, at: index, type: .normal)
    case .remove:
      guard count > 0 else { break }
      let index = input.argument(below: count)
      let length = code & 0x40 == 0 ? input.argument(below: 4) + 1 : input.argument(below: 256) * 4
      dataSource.remove(index..<min(index + length, count))
    case .replace, .changeType:
      guard count > 0 else { break }
      let index = input.argument(below: count)
      let bits = input.argument(below: 256)
      var item = dataSource.items[index]
      item.height = bits & 3
      item.group = (bits >> 2) & 1
      item.isMarked = bits & 8 != 0
      item.measuresInBackground = bits & 0x10 != 0
      item.takesUpdates = bits & 0x20 == 0
      if operation == .changeType { item.type = item.type == "a" ? "b" : "a" }
      dataSource.replace(at: index, with: item)
    case .move:
      guard count > 1 else { break }
      let source = input.argument(below: count)
      let destination = input.argument(below: count)
      let item = dataSource.items[source]
      dataSource.beginBatch()
      dataSource.remove(source..<source + 1)
      dataSource.insert([item], at: destination, type: .normal)
      dataSource.endBatch(type: .normal)
    case .openBatch:
      dataSource.beginBatch()
    case .closeBatch:
      dataSource.endBatch(type: code & 0x40 == 0 ? .normal : .pagination)
    case .resize:
      dataSource.endBatch(type: .normal)
      let width = Self.widths[input.argument(below: Self.widths.count)]
      let height = Self.heights[input.argument(below: Self.heights.count)]
      controller.setViewportSize(width: width, height: height)
    case .rearrange:
      dataSource.endBatch(type: .normal)
      let first = input.argument(below: count + 1)
      let last = input.argument(below: count + 1)
      let range = min(first, last)..<max(first, last)
      let mode = input.argument(below: 3)
      dataSource.rearrange(type: code & 0x40 == 0 ? .normal : .reload) { items in
        switch mode {
        case 0: items[range].reverse()
        case 1: items.removeSubrange(range)
        default:
          // Every item in the range gets a new version: taller, and in the other group.
          for index in range {
            items[index].height = (items[index].height + 1) % 4
            items[index].group ^= 1
          }
        }
      }
    case .scroll:
      let fraction = Double(input.argument(below: 256)) / 255
      controller.collectionView.setContentOffset(controller.collectionView.maximumContentOffset * fraction)
    case .bogusChange:
      dataSource.endBatch(type: .normal)
      let past = input.argument(below: 4)
      dataSource.reportBogusChange(
        code & 0x40 == 0
          ? .remove(count..<count + past + 1) : .insert([makeItem(&input)], at: count + past + 1))
    case .fullDiff:
      controller.requestUpdate(code & 0x40 == 0 ? .normal : .reload)
    case .compareFresh:
      applyAndCheck()
      compareWithFreshController()
    case .apply, .applyToo:
      applyAndCheck()
    }
    if code & 0x80 != 0 { applyAndCheck() }
  }
}
