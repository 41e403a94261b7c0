import ChatTranscript

/// `sending…` / `not delivered`, right-aligned under outgoing bubbles (clear of the tail).
open class MessageStatusCell: SingleRowCell {
  open override class var placement: SingleRowPlacement {
    .trailing(inset: BubbleMetrics.compact.tailWidth)
  }
}
