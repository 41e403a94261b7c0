import ChatTranscript
import ChatTranscriptMessages

/// A poll bubble: the kit's bubble cell (avatar, tail, failed icon, sender line) with a
/// question label and one label per option inside the bubble.
///
/// Lays itself out with `PollBubbleLayout` when shown, and again when its width changes: a
/// new viewport width moves cells without configuring them again.
final class PollCell: MessageBubbleCell {
  let questionLabel = Label()
  /// One label per option shown; labels beyond them are kept hidden for the next poll.
  private(set) var optionLabels: [Label] = []
  /// What the cell shows, kept only to lay it out again at a new width.
  private var shown: (poll: PollItem, message: MessageViewModel, sizing: BubbleSizing)?
  private var laidOutWidth: Double?

  required init(frame: Rect = .zero) {
    super.init(frame: frame)
    questionLabel.styleName = "poll.question"
    bubble.addSubview(questionLabel)
  }

  override var frame: Rect {
    didSet { if frame.width != laidOutWidth { layoutContent() } }
  }

  /// Shows `poll` in the chrome `message` describes, laid out for the cell's width.
  func show(_ poll: PollItem, message: MessageViewModel, sizing: BubbleSizing) {
    shown = (poll, message, sizing)
    questionLabel.text = poll.question
    while optionLabels.count < poll.options.count {
      let label = Label()
      label.styleName = "poll.option"
      bubble.addSubview(label)
      optionLabels.append(label)
    }
    let lines = poll.optionLines
    for (index, label) in optionLabels.enumerated() {
      label.isHidden = index >= lines.count
      label.text = label.isHidden ? "" : lines[index]
    }
    layoutContent()
  }

  private func layoutContent() {
    guard let shown else { return }
    laidOutWidth = frame.width
    let layout = PollBubbleLayout(
      rowWidth: frame.width, message: shown.message, poll: shown.poll, sizing: shown.sizing)
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
