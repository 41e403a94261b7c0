import Dispatch
import Synchronization

/// Off-screen collection views over a controller's rows, for drawing a document page by page
/// on two threads: the owner lays out the next page in one view while another thread reads
/// the last page out of another.
///
/// A view is lent from the moment its page is laid out until the reader gives it back
/// (``PageLoan/giveBack()``, or lets the loan go), and the owner lays out only views that are
/// back: a new view is made when none is, so the owner never waits for a reader. Nothing else
/// touches these views. They are not the controller's collection view, so updates never lay
/// them out, and presenters are not told of their cells (``CollectionView/tellsPresenters``),
/// so none reconfigures one on its own.
///
/// Reading a page's views on the thread that laid them out cost `transcript render` a fifth
/// of that thread's time; the other thread, wrapping and writing pages, had that much to
/// spare. So do configuring its cells: a row shown by a presenter made for the page alone
/// that configures off the owner (``ChatItemPresenter/configuresCellsOffOwner``) has its cell
/// placed here and configured by the reader (``PageLoan/configureCells()``), which took a
/// sixth of the owner's time off it while `transcript follow` drew a stream.
package final class PageViews {
  private unowned(unsafe) let controller: ChatTranscriptController
  private var views: [(view: CollectionView, loan: PageLoan.State?)] = []
  private lazy var rows = ControllerRows(controller)

  init(_ controller: ChatTranscriptController) {
    self.controller = controller
  }

  /// The views made so far: one while every page is read before the next but one is laid
  /// out, more while a reader falls behind.
  package var viewCount: Int { views.count }

  /// The views made so far, for looking at their cells once every page is back.
  package var lentViews: [CollectionView] { views.map(\.view) }

  /// The views are released here, on the owner's thread, once every reader is done with them.
  deinit {
    for lent in views { lent.loan?.waitUntilBack() }
  }

  /// Lays out a view that is back (or a new one) at `contentOffset`, `width` by `height`, and
  /// lends it: the caller hands the loan to the thread that reads the view.
  package func lendView(width: Double, height: Double, contentOffset: Double) -> PageLoan {
    let index = views.firstIndex { $0.loan?.isBack ?? true } ?? makeView()
    let view = views[index].view
    // A cell a page let go unread left unconfigured is not shown again: its presenter was that
    // page's alone, so the next layout pass hides it.
    view.setViewportSize(width: width, height: height, contentOffset: contentOffset)
    let loan = PageLoan(view, configurations: view.deferredConfigurations)
    view.deferredConfigurations = []
    views[index].loan = loan.state
    return loan
  }

  private func makeView() -> Int {
    let view = CollectionView(viewport: controller.collectionView.viewport)
    controller.factory.registerCells(in: view)
    view.pinsHeaders = false
    view.tellsPresenters = false
    view.deliversTouches = false
    view.defersConfiguration = true
    view.dataSource = rows
    views.append((view, nil))
    return views.count - 1
  }
}

/// A page laid out in a view of ``PageViews``, lent to the thread that reads it.
///
/// Sendable because the owner leaves the view alone until the loan is back: the view is read
/// on one thread at a time, and the owner waits for the loan before it lets the view go.
package final class PageLoan: @unchecked Sendable {
  /// Valid until ``giveBack()``: the ``PageViews`` that lent it keeps it until then.
  package unowned(unsafe) let view: CollectionView
  let state = State()
  /// The cells of ``view`` the owner left for the reader to configure; emptied once they are.
  /// Touched by one thread at a time: the one the loan is handed to, under its own lock.
  private var configurations: [DeferredConfiguration]

  init(_ view: CollectionView, configurations: [DeferredConfiguration] = []) {
    self.view = view
    self.configurations = configurations
  }

  /// A loan let go unread is back.
  deinit { state.giveBack() }

  /// Configures the cells the owner left unconfigured, before ``view`` is read; only the
  /// first call does anything. Not safe to call from two threads at once.
  package func configureCells() {
    for configuration in configurations { configuration.run() }
    configurations = []
  }

  /// Ends the loan: the reader is done with ``view``. Only the first call counts.
  package func giveBack() { state.giveBack() }

  /// Whether a loan is back, shared by the loan and the views that lent it.
  final class State: Sendable {
    private let isOut = Atomic(true)
    private let back = DispatchSemaphore(value: 0)

    var isBack: Bool { !isOut.load(ordering: .acquiring) }

    func giveBack() {
      if isOut.exchange(false, ordering: .acquiringAndReleasing) { back.signal() }
    }

    func waitUntilBack() {
      guard !isBack else { return }
      back.wait()
      back.signal()
    }
  }
}

/// The controller's rows, as the page views' data source: everything but scrolling, which in
/// the controller's own view is the reader's and pages in history.
private final class ControllerRows: CollectionViewDataSource {
  unowned(unsafe) let controller: ChatTranscriptController

  init(_ controller: ChatTranscriptController) {
    self.controller = controller
  }

  var numberOfRows: Int { controller.numberOfRows }
  var contentHeight: Double { controller.contentHeight }
  func frameForRow(at index: Int) -> Rect { controller.frameForRow(at: index) }
  func rows(intersectingY y: Double, height: Double) -> Range<Int> {
    controller.rows(intersectingY: y, height: height)
  }
  func presentation(ofRow index: Int) -> RowPresentation { controller.presentation(ofRow: index) }
  func placements(ofRows range: Range<Int>) -> [RowPlacement] {
    controller.transientPlacements(ofRows: range)
  }
  func collectionViewDidScroll(_ collectionView: CollectionView) {}
}
