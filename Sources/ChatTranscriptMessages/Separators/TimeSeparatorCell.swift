import ChatTranscript

/// `Sat 21 Nov 2026`, centred.
open class TimeSeparatorCell: SingleRowCell {}
