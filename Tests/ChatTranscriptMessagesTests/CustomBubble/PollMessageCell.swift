// Public API only (see PollMessageItem.swift): plain imports, no `@testable`.
import ChatTranscript
import ChatTranscriptMessages

/// A poll bubble: the kit's chrome (avatar, tail, failed icon, sender line) around a question
/// label and one label per option.
///
/// Lays itself out with ``PollBubbleLayout`` when configured and again when its width changes,
/// as the kit's text cell does.
final class PollMessageCell: MessageBubbleCell {
  let questionLabel = Label()
  /// Labels for the options shown; labels beyond them stay for reuse, hidden.
  private(set) var optionLabels: [Label] = []
  private var shown:
    (
      message: MessageViewModel, poll: PollMessageItem, measurer: ItemTextMeasurer,
      configuration: MessageLayoutConfiguration
    )?
  private var laidOutWidth: Double?

  required init(frame: Rect = .zero) {
    super.init(frame: frame)
    questionLabel.styleName = "poll.question"
    bubble.addSubview(questionLabel)
  }

  override var frame: Rect {
    didSet { if frame.width != laidOutWidth { layoutContent() } }
  }

  func configure(
    message: MessageViewModel, poll: PollMessageItem, measurer: ItemTextMeasurer,
    configuration: MessageLayoutConfiguration
  ) {
    shown = (message, poll, measurer, configuration)
    questionLabel.text = poll.question
    while optionLabels.count < poll.options.count {
      let label = Label()
      label.styleName = "poll.option"
      bubble.addSubview(label)
      optionLabels.append(label)
    }
    for (index, label) in optionLabels.enumerated() {
      label.text = index < poll.options.count ? poll.optionLines[index] : ""
      label.isHidden = index >= poll.options.count
    }
    layoutContent()
  }

  /// The geometry the cell uses now.
  var currentLayout: PollBubbleLayout? {
    shown.map {
      PollBubbleLayout(
        rowWidth: frame.width, message: $0.message, poll: $0.poll, metrics: Self.metrics,
        configuration: $0.configuration, measurer: $0.measurer)
    }
  }

  private func layoutContent() {
    guard let shown, let layout = currentLayout else { return }
    laidOutWidth = frame.width
    apply(layout.chrome, for: shown.message)
    questionLabel.frame = layout.question
    for (label, frame) in zip(optionLabels, layout.options) { label.frame = frame }
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    shown = nil
    laidOutWidth = nil
    questionLabel.text = ""
    for label in optionLabels {
      label.text = ""
      label.isHidden = true
    }
  }
}
