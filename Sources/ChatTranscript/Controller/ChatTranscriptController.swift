import Dispatch

/// The engine: turns a data source's items into presenters, heights and a laid-out,
/// scrollable transcript, and keeps all of it current as the items change.
///
/// Belongs to one owner (the main actor in an app, an actor or serial queue in a backend,
/// the main thread in the CLI) and is deliberately not `Sendable`. Updates go through a
/// serial queue that coalesces bursts; each update decorates and presents only what
/// changed (plus the decorator's reach around it), measures new heights — in parallel and,
/// with `applyPendingUpdatesInBackground()`, off the owner — and then swaps the layout in one
/// step, keeping the reader's position.
public final class ChatTranscriptController {
  /// Tunables; the defaults suit a chat screen.
  public struct Configuration {
    /// Merge requests that arrive while an update runs into one update.
    public var coalescesUpdates = true
    /// Above this many items the data source is asked to trim (`nil`: never).
    public var maximumItemCount: Int? = nil
    /// How many items the data source is asked to keep when trimming.
    public var itemCountAfterTrimming = 400
    /// Distance from the top or bottom edge, in viewport heights, that triggers pagination.
    public var paginationThreshold = 1.0
    /// Height-cache capacity in entries.
    public var heightCacheCapacity = 100_000
    /// Measure background-capable heights on all cores; off keeps measurement on one
    /// thread (the owner's, or one background thread).
    public var measuresHeightsInParallel = true

    public init() {}
  }

  public let collectionView: CollectionView
  public let configuration: Configuration
  /// Where the items come from. Several controllers may share one data source (a phone and
  /// a desktop layout of a conversation): each hears every change, and a page of history they
  /// reach together is asked for once.
  public weak var dataSource: (any ChatDataSource)? {
    didSet {
      guard dataSource !== oldValue else { return }
      listeners?.leave(self)
      listeners = dataSource.map { DataSourceListeners.join($0, listener: self) }
    }
  }
  /// The data source's delegate, shared with the other controllers on it.
  var listeners: DataSourceListeners?
  /// Called after every applied update, before the observers of ``addUpdateObserver(_:)``.
  public var onUpdate: ((TranscriptUpdate) -> Void)?
  var updateObservers = UpdateObservers()

  let factory: ChatItemPresenterFactory
  let decorator: any ChatItemsDecorator
  var layout: TranscriptLayout
  var heightCache: HeightCache
  /// Heights the cache holds, for tests of long streams in other modules.
  package var cachedHeightCount: Int { heightCache.count }
  var queue: UpdateQueue
  /// Built by the first ``row(ofItemWithID:)``. Read without the run-time exclusivity check, a
  /// sixth of a lookup's instructions: only the owner's thread touches it, never `inout` while
  /// a lookup reads it.
  @exclusivity(unchecked) var rowIDIndex: RowIDIndex?
  /// Off-screen views that draw pages for another thread to read, made on first use.
  package private(set) lazy var pageViews = PageViews(self)
  /// The last content version handed out (see `takeContentVersion()`).
  var nextContentVersion = 0
  var isLoadingPrevious = false
  var isLoadingNext = false
  /// The item ``scrollToItem(withID:at:)`` asked a window of history for, and where to show it.
  var pendingJump: (id: String, position: CollectionView.ScrollPosition)?
  /// Set by a jump into a window: no page is asked for until the reader scrolls, so a target
  /// shown at the window's edge does not page history in on its own.
  var holdsPagination = false
  /// The ids of the selected items, compared by their UTF-8 bytes; each has a row.
  var selection = Set<UTF8Key>()

  /// - Parameters:
  ///   - buildersByType: presenter builders per item type, in order of preference.
  ///   - decorator: decorates items; by default none.
  ///   - viewport: the initial viewport; its width is the width items are measured for. The
  ///     collection view's working range reaches one viewport height above and below it
  ///     (``CollectionView/workingRangeDistance``).
  public init(
    buildersByType: [String: [any ChatItemPresenterBuilder]],
    decorator: any ChatItemsDecorator = UniformDecorator(),
    viewport: Viewport,
    configuration: Configuration = Configuration()
  ) {
    self.factory = ChatItemPresenterFactory(buildersByType)
    self.decorator = decorator
    self.configuration = configuration
    self.collectionView = CollectionView(viewport: viewport)
    self.layout = TranscriptLayout(width: collectionView.viewport.width)
    self.heightCache = HeightCache(capacity: configuration.heightCacheCapacity)
    self.queue = UpdateQueue(coalesces: configuration.coalescesUpdates)
    factory.registerCells(in: collectionView)
    collectionView.dataSource = self
    collectionView.workingRangeDistance = 1
  }

  deinit {
    updateObservers.finishStreams()
    listeners?.leave(self)
  }

  // MARK: Reading the transcript

  /// Rows laid out, injected rows included.
  public var rowCount: Int { layout.count }
  /// Data-source items laid out.
  public var itemCount: Int { layout.itemCount }
  public var contentHeight: Double { layout.contentHeight }
  /// Whether requests are waiting or an update is running.
  public var hasPendingUpdates: Bool { queue.hasPendingRequests || queue.isUpdating }

  public func item(atRow row: Int) -> any ChatItem { layout.payload(at: row).item }
  /// Row `row`'s identity: its item's id, and whether the decorator injected it.
  public func rowID(atRow row: Int) -> RowID { layout.payload(at: row).rowID }
  /// Row `row`'s presenter; rows off screen get theirs when first asked.
  public func presenter(atRow row: Int) -> any ChatItemPresenter {
    layout.presenter(at: row, factory: factory)
  }
  public func decoration(atRow row: Int) -> ChatItemDecoration { layout.payload(at: row).decoration }
  public func frame(ofRow row: Int) -> Rect { layout.frame(at: row) }
  public func row(atY y: Double) -> Int? { layout.index(atY: y) }

  /// The row showing the data-source item with `id`, if any (of several, one of them); never
  /// a row the decorator injected, whatever its id. Ids compare by their UTF-8 bytes.
  ///
  /// - Complexity: O(B + log(n/B)) for chunks of B rows, through an id index built on the
  ///   first call (O(n) once) and kept current by every update after it.
  public func row(ofItemWithID id: String) -> Int? {
    if rowIDIndex == nil { rowIDIndex = RowIDIndex(&layout) }
    return rowIDIndex?.row(of: id, in: &layout)
  }

  /// Every row's item id, whether the decorator injected it, y offset and height, top to
  /// bottom. An injected row's id may equal an item's: only `isInjected` tells them apart.
  public var rowFrames: [(id: String, isInjected: Bool, frame: Rect)] {
    // Labelled as the property is: an unlabelled array would be cast element by element.
    var result: [(id: String, isInjected: Bool, frame: Rect)] = []
    result.reserveCapacity(layout.count)
    forEachRowFrame { result.append((id: $0, isInjected: $1, frame: $2)) }
    return result
  }

  /// Visits ``rowFrames`` without making the array: rows read in place, top to bottom, for a
  /// caller that writes a million rows out and keeps none of them.
  public func forEachRowFrame(_ body: (_ id: String, _ isInjected: Bool, _ frame: Rect) -> Void) {
    layout.forEachRowFrame(body)
  }

  // MARK: Requesting updates

  /// Asks for an update that diffs the whole item list (what Chatto always does).
  public func requestUpdate(_ type: UpdateType = .normal, completion: (() -> Void)? = nil) {
    queue.enqueue(UpdateQueue.Request(type: type, changes: nil, completion: completion))
  }

  /// Asks for an update applying exact edits: cost proportional to the edits, not the transcript.
  public func requestUpdate(
    _ type: UpdateType = .normal, changes: [ChatItemsChange], completion: (() -> Void)? = nil
  ) {
    queue.enqueue(UpdateQueue.Request(type: type, changes: changes, completion: completion))
  }

  /// Changes the viewport size; a new width re-measures every row, keeping the row at the
  /// top of the viewport in place.
  public func setViewportSize(width: Double, height: Double) {
    let oldWidth = collectionView.viewport.width
    collectionView.setViewportSize(width: width, height: height)
    if collectionView.viewport.width != oldWidth {
      queue.enqueue(UpdateQueue.Request(type: .normal, changes: [], relayout: true))
    }
  }

  /// Re-measures every row at the next update, keeping the reading position: for what the
  /// controller cannot see change, such as a theme, a font or a text measurer. Cached heights
  /// are dropped too, since they were measured the old way (when that update begins, so
  /// heights an update running now stores are dropped as well).
  public func invalidateHeights(completion: (() -> Void)? = nil) {
    queue.enqueue(
      UpdateQueue.Request(
        type: .normal, changes: [], relayout: true, dropsCachedHeights: true, completion: completion))
  }

  // MARK: Applying updates

  /// Applies every pending request now; heights that allow it are measured in parallel.
  ///
  /// Returns at once when an update is already running (its loop picks the requests up).
  public func applyPendingUpdates() {
    while let batch = queue.beginBatch() {
      var work = prepare(batch, inPlace: true)
      let heights = work.measurement.background.run()
      finish(&work, backgroundHeights: heights)
    }
  }

  /// Applies every pending request, measuring heights off the owner on Dispatch queues.
  ///
  /// Runs on the caller's executor except for the measurement; requests arriving meanwhile
  /// are coalesced into the next round.
  public func applyPendingUpdatesInBackground() async {
    while let batch = queue.beginBatch() {
      // The current layout stays readable (scrolling) while heights are measured.
      var work = prepare(batch, inPlace: false)
      let background = work.measurement.background
      let heights = background.jobs.isEmpty ? [] : await Self.runOffOwner(background)
      finish(&work, backgroundHeights: heights)
    }
  }

  private static func runOffOwner(_ work: HeightMeasurement.BackgroundWork) async -> [Double?] {
    await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(returning: work.run())
      }
    }
  }
}
