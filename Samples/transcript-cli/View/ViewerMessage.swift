/// What the threads behind `transcript view` tell its main thread.
enum ViewerMessage: Sendable {
  /// Bytes typed on the keyboard, as one read returned them.
  case input([UInt8])
  /// The keyboard reached its end or failed: nothing more can be typed.
  case keyboardClosed
  /// The terminal changed size.
  case resized
  /// A signal asked the program to stop (SIGTERM, SIGINT, SIGHUP).
  case terminate(signal: Int32)
}
