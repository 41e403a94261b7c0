import ChatTranscript

/// `alice is typing…`, aligned with incoming bubbles.
open class TypingIndicatorCell: SingleRowCell {
  open override class var placement: SingleRowPlacement {
    .leading(inset: BubbleMetrics.compact.avatarWidth + BubbleMetrics.compact.tailWidth)
  }
}
