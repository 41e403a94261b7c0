import ChatTranscript

/// A controller wired to an ``ArrayDataSource`` with test presenters, ready to drive.
public final class TranscriptHarness {
  public let log = PresenterLog()
  public let dataSource: ArrayDataSource
  public let controller: ChatTranscriptController

  public init(
    items: [any ChatItem] = [],
    decorator: any ChatItemsDecorator = UniformDecorator(),
    viewport: Viewport = Viewport(width: 40, height: 10),
    configuration: ChatTranscriptController.Configuration = .init(),
    background: Bool = true,
    supportsUpdates: Bool = true,
    counter: HeightCounter? = nil,
    measuresWithoutPresenters: Bool = false
  ) {
    dataSource = ArrayDataSource(items)
    let builder = TestBuilder(
      log: log, background: background, supportsUpdates: supportsUpdates, counter: counter,
      measures: measuresWithoutPresenters)
    controller = ChatTranscriptController(
      buildersByType: ["test": [builder], "separator": [builder], "status": [builder]],
      decorator: decorator, viewport: viewport, configuration: configuration)
    controller.dataSource = dataSource
    if !items.isEmpty {
      controller.requestUpdate(.firstLoad)
      controller.applyPendingUpdates()
    }
  }

  /// Items `first..<first + count` named `m<index>`, with the given height.
  public static func items(_ range: Range<Int>, height: Double = 1, text: String = "") -> [any ChatItem] {
    range.map { TestItem(id: "m\($0)", height: height, text: text) }
  }

  /// `id y height` per row: the layout in a form that compares and prints well.
  public var layoutDump: [String] {
    controller.rowFrames.map { "\($0.id) \(Int($0.frame.minY)) \(Int($0.frame.height))" }
  }

  /// The ids of the items in visible cells, top to bottom.
  public var visibleIDs: [String] {
    controller.collectionView.visibleCells.map { controller.item(atRow: $0.row).id }
  }
}
