#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered writes to a file descriptor: one system call per 64 KiB, not per line.
///
/// A write that fails (a full disk, a terminal that went away) ends the program with
/// `transcript: write error: REASON` on standard error and ``ExitStatus/failure``: the rest of
/// the output could not be written either, and a script must not take a cut-off result for a
/// whole one. A reader that closed its pipe ends the program by SIGPIPE before `write` can
/// fail, quietly, as for any command in a pipeline.
public struct OutputBuffer: ~Copyable {
  private let fileDescriptor: Int32
  private var bytes: [UInt8] = []
  private var flushedByteCount = 0

  /// Bytes appended so far, written or not.
  public var byteCount: Int { flushedByteCount + bytes.count }

  public init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    bytes.reserveCapacity(1 << 16)
  }

  public mutating func append(_ text: String) {
    var text = text
    // Copied from the string's contiguous bytes: through its UTF-8 view, byte by byte.
    text.withUTF8 { bytes.append(contentsOf: $0) }
    if bytes.count >= 1 << 16 { flush() }
  }

  /// Appends UTF-8 text already in bytes.
  public mutating func append(utf8 text: [UInt8]) {
    bytes.append(contentsOf: text)
    if bytes.count >= 1 << 16 { flush() }
  }

  /// Appends one byte (a tab, a line feed) without making a string.
  public mutating func append(byte: UInt8) {
    bytes.append(byte)
    if bytes.count >= 1 << 16 { flush() }
  }

  /// Appends `value` in decimal without making a string: the commands that list every row
  /// write two numbers a row.
  public mutating func append(decimal value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var divisor: UInt = 1
    while divisor <= rest / 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
      rest %= divisor
      divisor /= 10
    }
    if bytes.count >= 1 << 16 { flush() }
  }

  public mutating func flush() {
    Self.writeAll(bytes, to: fileDescriptor)
    flushedByteCount += bytes.count
    bytes.removeAll(keepingCapacity: true)
  }

  deinit {
    Self.writeAll(bytes, to: fileDescriptor)
  }

  private static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        write(fileDescriptor, buffer.baseAddress?.advanced(by: written), bytes.count - written)
      }
      if result > 0 {
        written += result
      } else if result < 0, errno == EINTR {
        continue
      } else if result < 0, errno == EAGAIN || errno == EWOULDBLOCK {
        // A descriptor someone made non-blocking: wait until it takes more.
        var ready = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      } else {
        exitAfterWriteError(result < 0 ? errno : EIO)
      }
    }
  }

  private static func exitAfterWriteError(_ code: Int32) -> Never {
    let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    printError("transcript: write error: \(reason)")
    exit(ExitStatus.failure.rawValue)
  }
}

/// Writes a line to standard error at once (diagnostics must not wait for stdout's buffer).
public func printError(_ message: String) {
  var line = message
  line += "\n"
  line.withUTF8 { buffer in
    _ = write(2, buffer.baseAddress, buffer.count)
  }
}

/// Writes `text` and a line feed to standard output at once; a failed write ends the program
/// as in ``OutputBuffer`` (Swift's `print` drops write errors, so `--help > /dev/full` would
/// exit 0).
public func printOutput(_ text: String) {
  var output = OutputBuffer(fileDescriptor: 1)
  output.append(text + "\n")
}
