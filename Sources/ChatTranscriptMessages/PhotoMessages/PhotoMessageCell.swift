import ChatTranscript

/// A photo bubble: a placeholder box of the photo's shape and an optional caption.
open class PhotoMessageCell: MessageBubbleCell {
  public let photo = ImagePlaceholder()
  public let captionLabel = Label()
  private var shown:
    (viewModel: PhotoMessageViewModel, measurer: ItemTextMeasurer, configuration: MessageLayoutConfiguration)?
  private var laidOutWidth: Double?

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    photo.styleName = "photo"
    captionLabel.styleName = "caption"
    bubble.addSubview(photo)
    bubble.addSubview(captionLabel)
  }

  open override var frame: Rect {
    didSet { if frame.width != laidOutWidth { layoutContent() } }
  }

  public func configure(
    with viewModel: PhotoMessageViewModel, measurer: ItemTextMeasurer,
    configuration: MessageLayoutConfiguration
  ) {
    shown = (viewModel, measurer, configuration)
    photo.imageDescription = viewModel.imageDescription
    photo.isHidden = !viewModel.showsPhoto
    captionLabel.text = viewModel.caption ?? ""
    captionLabel.isHidden = viewModel.caption == nil
    captionLabel.styleName = viewModel.message.isDeleted ? "text.deleted" : "caption"
    layoutContent()
  }

  /// The geometry the cell uses now, for tests and renderers.
  public var currentLayout: PhotoBubbleLayout? {
    shown.map {
      PhotoBubbleLayout(
        rowWidth: frame.width, viewModel: $0.viewModel, metrics: Self.metrics,
        configuration: $0.configuration,
        measurer: $0.measurer)
    }
  }

  private func layoutContent() {
    guard let shown, let layout = currentLayout else { return }
    laidOutWidth = frame.width
    apply(layout.chrome, for: shown.viewModel.message, measurer: shown.measurer)
    photo.frame = layout.photo
    captionLabel.frame = layout.caption
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    shown = nil
    laidOutWidth = nil
    photo.imageDescription = ""
    captionLabel.text = ""
  }
}

/// A photo bubble with roomy metrics: taller photos, wider padding, a footer.
open class RoomyPhotoMessageCell: PhotoMessageCell {
  open override class var metrics: BubbleMetrics { .roomy }
}
