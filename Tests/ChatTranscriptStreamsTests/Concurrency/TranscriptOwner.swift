import ChatTranscript
import TranscriptGenerator

/// The one owner of the stress test's controller, as an actor: every controller call happens
/// on it, as the controller requires.
///
/// Reentrancy is the point. While `layOut()` waits for heights measured off the owner,
/// deliveries and viewport changes run on the actor in between, which is exactly how requests,
/// scrolls and resizes reach a controller during a background update in an app.
actor TranscriptOwner {
  /// Something a reader (or a window) does to the viewport.
  enum ViewportAction: Sendable {
    case scroll(fraction: Double)
    case scrollToTop
    case scrollToBottom
    case scrollToRow(fraction: Double)
    case resize(width: Double, height: Double)
    /// `applyPendingUpdates()` on the owner: a no-op while a background update runs.
    case applyNow

    /// A seeded choice, mostly scrolls, now and then a new size.
    static func random(using random: inout SeededRandom) -> ViewportAction {
      let fraction = Double(random.below(1001)) / 1000
      switch random.below(20) {
      case 0..<8: return .scroll(fraction: fraction)
      case 8..<10: return .scrollToTop
      case 10..<12: return .scrollToBottom
      case 12..<14: return .scrollToRow(fraction: fraction)
      case 14..<18:
        return .resize(width: [24, 40, 57, 80][random.below(4)], height: [6, 15, 30][random.below(3)])
      default: return .applyNow
      }
    }
  }

  /// Problems every applied update reported (errors a correct run never has).
  private final class UpdateLog {
    var errors: [String] = []
  }

  let source: SharedStreamTranscript
  private let controller: ChatTranscriptController
  private let log: UpdateLog

  init(source: SharedStreamTranscript, viewport: Viewport) {
    let controller = ChatTranscriptController.forStressTest(viewport: viewport)
    controller.dataSource = source
    let log = UpdateLog()
    controller.onUpdate = { update in log.errors += update.errors.map { "\($0)" } }
    self.source = source
    self.controller = controller
    self.log = log
  }

  /// Passes committed events on to the controller as update requests.
  ///
  /// - Returns: whether there was anything to deliver.
  @discardableResult
  func deliver() -> Bool {
    source.deliverCommitted() > 0
  }

  /// Applies pending requests, measuring off the owner; returns at once if an update runs.
  func layOut() async {
    await controller.applyPendingUpdatesInBackground()
  }

  /// Performs `action`.
  ///
  /// - Returns: whether requests are waiting to be applied (a new width asks for a relayout).
  func perform(_ action: ViewportAction) -> Bool {
    let collectionView = controller.collectionView
    switch action {
    case .scroll(let fraction):
      collectionView.setContentOffset(fraction * collectionView.maximumContentOffset)
    case .scrollToTop: collectionView.scrollToTop()
    case .scrollToBottom: collectionView.scrollToBottom()
    case .scrollToRow(let fraction):
      collectionView.scrollToRow(Int(fraction * Double(max(controller.rowCount - 1, 0))), at: .center)
    case .resize(let width, let height): controller.setViewportSize(width: width, height: height)
    case .applyNow: controller.applyPendingUpdates()
    }
    return controller.hasPendingUpdates
  }

  /// Delivers and applies everything still pending, then describes the result.
  func settle() async -> (snapshot: TranscriptSnapshot, updateErrors: [String]) {
    deliver()
    while controller.hasPendingUpdates {
      await controller.applyPendingUpdatesInBackground()
      // An update started elsewhere is still measuring: let it finish.
      await Task.yield()
    }
    return (TranscriptSnapshot(of: controller), log.errors)
  }
}
