import ChatTranscript

/// A cell showing one line of text placed by its class: the base of day separators, status
/// rows and typing rows.
open class SingleRowCell: CollectionViewCell {
  public let label = Label()

  /// Where this cell class puts its label.
  open class var placement: SingleRowPlacement { .centered }

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    addSubview(label)
  }

  /// The label is placed by the row's width alone: moving the row leaves it where it is.
  open override var frame: Rect {
    didSet { if frame.width != oldValue.width { layoutContent() } }
  }

  public func configure(with text: String, style: String) {
    label.text = text
    styleName = style
    layoutContent()
  }

  private func layoutContent() {
    label.frame = Self.placement.frame(for: label.text, rowWidth: frame.width)
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    label.text = ""
  }
}
