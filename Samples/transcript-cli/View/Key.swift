/// A key press as `transcript view` understands it.
enum Key: Equatable {
  case up, down, pageUp, pageDown, home, end
  /// A lone escape, or an escape sequence for a key the viewer does not use.
  case other
  /// One byte that is not part of an escape sequence: a letter, a space, a control key.
  case byte(UInt8)
}
