#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the tool can learn about the terminal it writes to.
public enum Terminal {
  /// Whether `fileDescriptor` is a terminal (colour and redrawing make sense there).
  public static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    isatty(fileDescriptor) == 1
  }

  /// The terminal's size in columns and rows, or `nil` when it is not a terminal.
  public static func size(of fileDescriptor: Int32) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Whether the user asked for no colour (https://no-color.org: any non-empty `NO_COLOR`).
  public static var noColorRequested: Bool {
    guard let value = getenv("NO_COLOR") else { return false }
    return value.pointee != 0
  }
}
