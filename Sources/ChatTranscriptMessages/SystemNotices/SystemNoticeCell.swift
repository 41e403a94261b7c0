import ChatTranscript

/// A centred, wrapped notice without bubble or sender.
open class SystemNoticeCell: CollectionViewCell {
  public let label = Label()
  /// Blank columns kept on each side of the notice.
  open class var horizontalInset: Int { 2 }
  private var measurer: ItemTextMeasurer?
  private var laidOutWidth: Double?

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    styleName = "notice"
    addSubview(label)
  }

  open override var frame: Rect {
    didSet { if frame.width != laidOutWidth { layoutContent() } }
  }

  public func configure(with text: String, measurer: ItemTextMeasurer) {
    self.measurer = measurer
    label.text = text
    layoutContent()
  }

  private func layoutContent() {
    guard let measurer else { return }
    laidOutWidth = frame.width
    label.frame =
      CenteredTextLayout(
        rowWidth: frame.width, text: label.text, inset: Self.horizontalInset, measurer: measurer
      ).label
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    measurer = nil
    laidOutWidth = nil
    label.text = ""
  }
}
