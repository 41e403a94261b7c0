import ChatTranscript

/// A cell showing one line of text placed by its class: the base of day separators, status
/// rows and typing rows.
open class SingleRowCell: CollectionViewCell {
  public let label = Label()
  /// How the label's text is measured, when the presenter says (a layout in points).
  private var measurer: ItemTextMeasurer?

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

  /// Shows `text` one terminal row tall, placed by its display width.
  public func configure(with text: String, style: String) {
    measurer = nil
    label.text = text
    styleName = style
    layoutContent()
  }

  /// Shows `text` one line of `measurer` tall, placed by its width as `measurer` measures it.
  public func configure(with text: String, style: String, measurer: ItemTextMeasurer) {
    self.measurer = measurer
    label.text = text
    styleName = style
    layoutContent()
  }

  private func layoutContent() {
    label.frame =
      measurer.map { Self.placement.frame(for: label.text, rowWidth: frame.width, measurer: $0) }
      ?? Self.placement.frame(for: label.text, rowWidth: frame.width)
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    measurer = nil
    label.text = ""
  }
}
