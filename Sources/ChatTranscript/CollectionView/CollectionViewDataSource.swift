/// What the collection view needs to know about its rows; the transcript controller provides it.
public protocol CollectionViewDataSource: AnyObject {
  var numberOfRows: Int { get }
  var contentHeight: Double { get }
  func frameForRow(at index: Int) -> Rect
  /// Rows intersecting the vertical span, in order.
  func rows(intersectingY y: Double, height: Double) -> Range<Int>
  /// The presenter of a row and what its cell must currently show.
  func presentation(ofRow index: Int) -> RowPresentation
  /// The rows in `range`, in order, each with its frame and presentation.
  ///
  /// The collection view asks for the visible rows after every update and scroll; a data
  /// source that can walk its rows in one pass should, rather than look each one up.
  func placements(ofRows range: Range<Int>) -> [RowPlacement]
  /// The content offset changed (scrolling, a relayout keeping the reading position).
  func collectionViewDidScroll(_ collectionView: CollectionView)
  /// The last pinned header row starting above content y `y`, which a viewport whose top is
  /// at `y` keeps drawn there, and the first pinned header row after it, which pushes it up.
  /// The default has none.
  func pinnedHeader(above y: Double) -> (row: Int, next: Int?)?
}

/// The presenter showing a row, with the decoration and content version its cell must reflect.
public struct RowPresentation {
  public var presenter: any ChatItemPresenter
  public var decoration: ChatItemDecoration
  /// Bumped whenever the item's content changes, so visible cells know to reconfigure.
  public var contentVersion: Int
  /// Whether the row is selected (see ``CollectionViewCell/isSelected``).
  public var isSelected: Bool

  public init(
    presenter: any ChatItemPresenter, decoration: ChatItemDecoration, contentVersion: Int,
    isSelected: Bool = false
  ) {
    self.presenter = presenter
    self.decoration = decoration
    self.contentVersion = contentVersion
    self.isSelected = isSelected
  }
}

/// A row the collection view shows: which, where, and what.
public struct RowPlacement {
  public var row: Int
  public var frame: Rect
  public var presentation: RowPresentation
  /// The presenter was made for this placement alone and configures off the owner
  /// (``ChatItemPresenter/configuresCellsOffOwner``): a page view may leave configuring its
  /// cell to the thread that reads the page.
  package var configuresOffOwner = false

  public init(row: Int, frame: Rect, presentation: RowPresentation) {
    self.row = row
    self.frame = frame
    self.presentation = presentation
  }
}

extension CollectionViewDataSource {
  public func pinnedHeader(above y: Double) -> (row: Int, next: Int?)? { nil }

  /// Row by row, through ``frameForRow(at:)`` and ``presentation(ofRow:)``.
  public func placements(ofRows range: Range<Int>) -> [RowPlacement] {
    range.map { RowPlacement(row: $0, frame: frameForRow(at: $0), presentation: presentation(ofRow: $0)) }
  }
}
