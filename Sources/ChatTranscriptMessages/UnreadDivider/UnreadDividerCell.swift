import ChatTranscript

/// `── new messages ──`, centred.
open class UnreadDividerCell: SingleRowCell {}
