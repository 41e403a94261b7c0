import ChatTranscript
import TextLayout

/// A reusable row: optional image, title, detail and optional button, configured by any
/// ``DetailCellContent``.
///
/// The cell knows nothing about where its content comes from: a user, a pet or a test's
/// plain struct all configure it the same way. It keeps the texts it shows (to lay them out
/// again at a new width), never the provider.
open class DetailCell: CollectionViewCell {
  public let imageView = ImagePlaceholder()
  public let titleLabel = Label()
  public let detailLabel = Label()
  /// The button at the right edge; its actions are attached by whoever configures the cell.
  public let actionButton = Button()
  private var measurer: (any TextMeasurer)?
  private var laidOutWidth: Double?

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    styleName = "detail"
    titleLabel.styleName = "title"
    detailLabel.styleName = "detail"
    actionButton.styleName = "action"
    for view in [imageView, titleLabel, detailLabel, actionButton] as [View] { addSubview(view) }
    clear()
  }

  open override var frame: Rect {
    didSet { if frame.width != laidOutWidth { layoutContent() } }
  }

  /// Shows `content`.
  public func configure(
    with content: some DetailCellContent, measurer: any TextMeasurer = TerminalTextMeasurer()
  ) {
    self.measurer = measurer
    titleLabel.text = content.title
    detailLabel.text = content.detail
    imageView.imageDescription = content.imageDescription ?? ""
    imageView.isHidden = content.imageDescription == nil
    actionButton.text = content.actionTitle ?? ""
    actionButton.isHidden = content.actionTitle == nil
    layoutContent()
  }

  /// The height a row needs for `content` at `width`.
  public static func height(
    for content: some DetailCellContent, width: Double, measurer: any TextMeasurer = TerminalTextMeasurer()
  ) -> Double {
    Double(DetailCellLayout(rowWidth: width, content: content, measurer: measurer).height)
  }

  private func layoutContent() {
    guard let measurer else { return }
    laidOutWidth = frame.width
    let layout = DetailCellLayout(rowWidth: frame.width, content: ShownContent(of: self), measurer: measurer)
    imageView.frame = layout.image
    titleLabel.frame = layout.title
    detailLabel.frame = layout.detail
    actionButton.frame = layout.action
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    clear()
  }

  private func clear() {
    measurer = nil
    laidOutWidth = nil
    titleLabel.text = ""
    detailLabel.text = ""
    imageView.imageDescription = ""
    imageView.isHidden = true
    actionButton.text = ""
    actionButton.isHidden = true
    actionButton.removeAllActions()
  }
}

/// What a detail cell shows now, read back from its views to lay them out again.
private struct ShownContent: DetailCellContent {
  var title: String
  var detail: String
  var imageDescription: String?
  var actionTitle: String?

  init(of cell: DetailCell) {
    title = cell.titleLabel.text
    detail = cell.detailLabel.text
    imageDescription = cell.imageView.isHidden ? nil : cell.imageView.imageDescription
    actionTitle = cell.actionButton.isHidden ? nil : cell.actionButton.text
  }
}
