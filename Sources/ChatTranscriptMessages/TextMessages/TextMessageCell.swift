import ChatTranscript

/// A text bubble (compact: one column of padding, no footer).
///
/// Lays itself out from its view model with ``TextBubbleLayout``, the function its height
/// calculator uses, and again whenever its width changes (a resized viewport moves cells
/// without reconfiguring them).
open class TextMessageCell: MessageBubbleCell {
  public let textLabel = Label()
  /// What the cell shows and how to measure it, kept only to lay out again at a new width.
  /// Unchecked for exclusivity, as a view's values are.
  @exclusivity(unchecked) private var shown:
    (
      viewModel: TextMessageViewModel, measurer: ItemTextMeasurer, configuration: MessageLayoutConfiguration,
      memo: TextMetricsMemo?
    )?
  @exclusivity(unchecked) private var laidOutWidth: Double?

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
    configure(with: viewModel, measurer: measurer, configuration: configuration, textMetricsMemo: nil)
  }

  /// ``configure(with:measurer:configuration:)``, finding the text's metrics in `memo` where
  /// its row's height measurer left them (see ``TextMetricsMemo``).
  func configure(
    with viewModel: TextMessageViewModel, measurer: ItemTextMeasurer,
    configuration: MessageLayoutConfiguration, textMetricsMemo memo: TextMetricsMemo?
  ) {
    shown = (viewModel, measurer, configuration, memo)
    textLabel.text = viewModel.text
    textLabel.lineMemo = memo
    textLabel.styleName = viewModel.message.isDeleted ? "text.deleted" : "text"
    layOut(viewModel, measurer: measurer, configuration: configuration, memo: memo)
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
    guard let shown else { return }
    layOut(shown.viewModel, measurer: shown.measurer, configuration: shown.configuration, memo: shown.memo)
  }

  /// Lays the cell out from its arguments, not from ``shown``: copying that tuple out (its
  /// strings, reactions and measurer) cost more than a tenth of configuring a cell.
  private func layOut(
    _ viewModel: TextMessageViewModel, measurer: ItemTextMeasurer, configuration: MessageLayoutConfiguration,
    memo: TextMetricsMemo?
  ) {
    let drawn = TextBubbleLayout.drawn(
      rowWidth: frame.width, viewModel: viewModel, metrics: Self.metrics, configuration: configuration,
      measurer: measurer, textMetricsMemo: memo)
    laidOutWidth = frame.width
    let chrome = drawn.layout.chrome
    let quoteWidth = Int(chrome.quote.width)
    apply(
      chrome, for: viewModel.message,
      quoteLine: quoteWidth == drawn.wrapWidth
        ? drawn.quoteLine : viewModel.message.quote?.line(fittingIn: quoteWidth, measuredBy: measurer),
      reactionsText: drawn.reactionsText)
    textLabel.frame = drawn.layout.text
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    shown = nil
    laidOutWidth = nil
    textLabel.text = ""
    textLabel.lineMemo = nil
  }
}

/// A text bubble with two columns of padding and a `10:00 · read` footer.
open class RoomyTextMessageCell: TextMessageCell {
  open override class var metrics: BubbleMetrics { .roomy }
}
