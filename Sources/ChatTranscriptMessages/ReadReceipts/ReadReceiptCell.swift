import ChatTranscript

/// `seen by bob, yuki`, right-aligned under the message (clear of the tail), as status rows are.
open class ReadReceiptCell: SingleRowCell {
  open override class var placement: SingleRowPlacement {
    .trailing(inset: BubbleMetrics.compact.tailWidth)
  }
}
