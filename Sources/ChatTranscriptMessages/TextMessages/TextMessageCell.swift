import ChatTranscript

/// A text bubble (compact: one column of padding, no footer).
///
/// Lays itself out from its view model with ``TextBubbleLayout``, the function its height
/// calculator uses, and again whenever its width changes (a resized viewport moves cells
/// without reconfiguring them).
open class TextMessageCell: MessageBubbleCell {
  public let textLabel = Label()
  /// What the cell shows and how to measure it, kept only to lay out again at a new width.
  private var shown:
    (viewModel: TextMessageViewModel, measurer: ItemTextMeasurer, configuration: MessageLayoutConfiguration)?
  private var laidOutWidth: Double?

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    textLabel.styleName = "text"
    bubble.addSubview(textLabel)
  }

  open override var frame: Rect {
    didSet { if frame.width != laidOutWidth { layoutContent() } }
  }

  /// Shows `viewModel`, measuring through `measurer` (normally a cache hit: the height
  /// calculator measured the same text at the same width).
  public func configure(
    with viewModel: TextMessageViewModel, measurer: ItemTextMeasurer,
    configuration: MessageLayoutConfiguration
  ) {
    shown = (viewModel, measurer, configuration)
    textLabel.text = viewModel.text
    textLabel.styleName = viewModel.message.isDeleted ? "text.deleted" : "text"
    layoutContent()
  }

  /// The geometry the cell uses now, for tests and renderers.
  public var currentLayout: TextBubbleLayout? {
    shown.map {
      TextBubbleLayout(
        rowWidth: frame.width, viewModel: $0.viewModel, metrics: Self.metrics,
        configuration: $0.configuration,
        measurer: $0.measurer)
    }
  }

  private func layoutContent() {
    guard let shown, let layout = currentLayout else { return }
    laidOutWidth = frame.width
    apply(layout.chrome, for: shown.viewModel.message, measurer: shown.measurer)
    textLabel.frame = layout.text
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    shown = nil
    laidOutWidth = nil
    textLabel.text = ""
  }
}

/// A text bubble with two columns of padding and a `10:00 · read` footer.
open class RoomyTextMessageCell: TextMessageCell {
  open override class var metrics: BubbleMetrics { .roomy }
}
