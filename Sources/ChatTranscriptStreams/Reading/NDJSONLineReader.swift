#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Splits the bytes of a file descriptor (a file, a pipe, standard input) into NDJSON lines.
///
/// Reads in large chunks into one growing buffer and hands each line to the caller as a pointer into
/// that buffer, so lines are not copied one by one; only the unfinished tail of a chunk moves to the
/// front before the next read. The buffer doubles until a line fits, up to `maxLineLength`: a longer
/// line is reported by its number and skipped without being kept, its bytes dropped as they arrive
/// until its LF, so a stream that never sends one (`/dev/zero`) costs the limit, not all memory.
///
/// Line handling: lines end at LF; a CR before the LF is dropped (CRLF files); a last line without LF
/// is still delivered; lines that are empty or only spaces and tabs are skipped but counted, so line
/// numbers match what an editor shows (1-based); a UTF-8 byte order mark before the first line, which
/// some Windows editors write, is dropped.
///
/// Follow mode comes free: the reader only calls `read` when no complete line is left, and a blocking
/// `read` on a pipe returns as soon as some bytes arrive, so each line is delivered as soon as its LF
/// has arrived, while a writer keeps the pipe open.
///
/// The reader is noncopyable because it may own its descriptor and closes it when it goes away; it is
/// Sendable so a reading thread can own it.
public struct NDJSONLineReader: ~Copyable, Sendable {
  private let fileDescriptor: Int32
  private let closesFileDescriptor: Bool
  private let chunkSize: Int
  /// The longest line delivered, in bytes without its LF (and a CR before it).
  public let maxLineLength: Int
  /// Bytes read so far; `buffer[lineStart..<dataEnd]` are the ones not yet handed out.
  private var buffer: [UInt8]
  private var lineStart = 0
  /// Where the search for the next LF resumes, so a long line is searched only once.
  private var searchStart = 0
  private var dataEnd = 0
  private var reachedEnd = false
  /// The current line is too long: its bytes are dropped up to its LF.
  private var skipsToNextLine = false

  /// The number of the line most recently delivered or skipped; 0 before the first.
  public private(set) var lineNumber = 0

  /// Why reading stopped early, or `nil` when it reached the end of the input (or has not yet).
  ///
  /// A read error ends the stream like an end of input; check this after `nextLine` returns `false`.
  public private(set) var failure: NDJSONReadError?

  /// Reads lines from a descriptor that is already open.
  ///
  /// - Parameters:
  ///   - fileDescriptor: Any readable descriptor; a blocking one makes `nextLine` wait for data.
  ///   - closesWhenDone: Whether the reader closes the descriptor when it is destroyed.
  ///   - chunkSize: How many bytes to ask for per `read` at least; the buffer starts this large.
  ///   - maxLineLength: The longest line delivered, in bytes; longer lines go to `tooLong`.
  public init(
    fileDescriptor: Int32, closesWhenDone: Bool = false, chunkSize: Int = 256 * 1024,
    maxLineLength: Int = defaultMaxLineLength
  ) {
    self.fileDescriptor = fileDescriptor
    self.closesFileDescriptor = closesWhenDone
    self.chunkSize = max(chunkSize, 16)
    self.maxLineLength = max(maxLineLength, 1)
    self.buffer = [UInt8](repeating: 0, count: self.chunkSize)
  }

  /// Opens a file for reading; the reader closes it when destroyed.
  ///
  /// - Throws: `cannotOpen` with the system's reason, also for a directory.
  public init(
    path: String, chunkSize: Int = 256 * 1024, maxLineLength: Int = defaultMaxLineLength
  ) throws(NDJSONReadError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .cannotOpen(path, reason: Self.systemMessage(errno))
    }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      close(descriptor)
      throw .cannotOpen(path, reason: Self.systemMessage(EISDIR))
    }
    self.init(
      fileDescriptor: descriptor, closesWhenDone: true, chunkSize: chunkSize, maxLineLength: maxLineLength)
  }

  /// The longest line read unless told otherwise: 16 MiB, far more than a chat event needs, and
  /// little enough memory for any machine.
  public static let defaultMaxLineLength = 16 << 20

  deinit {
    if closesFileDescriptor {
      close(fileDescriptor)
    }
  }

  /// Waits for the next non-blank line and hands it to `body`, or its number to `tooLong` when it is
  /// longer than ``maxLineLength``.
  ///
  /// A line too long is reported as soon as that is known, before its LF has arrived; its bytes are
  /// dropped, up to that LF, as later calls read on.
  ///
  /// - Parameters:
  ///   - body: Receives the line's bytes (without LF or CRLF), valid only during the call, and its
  ///     1-based line number.
  ///   - tooLong: Receives the 1-based number of a line longer than ``maxLineLength``.
  /// - Returns: `false` once the input has ended (or failed, see `failure`) and no line is left.
  /// - Complexity: Amortized O(*n*) in the bytes of the line and the blank lines before it.
  public mutating func nextLine(
    _ body: (_ line: UnsafeRawBufferPointer, _ lineNumber: Int) throws -> Void,
    tooLong: (_ lineNumber: Int) throws -> Void
  ) rethrows -> Bool {
    while true {
      let found = buffer.withUnsafeBytes { bytes -> Int? in
        guard let base = bytes.baseAddress, searchStart < dataEnd,
          let match = memchr(base + searchStart, 0x0A, dataEnd - searchStart)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(match))
      }
      if skipsToNextLine {
        // Drop what was read of the line too long; keep what follows its LF.
        lineStart = found.map { $0 + 1 } ?? dataEnd
        searchStart = lineStart
        skipsToNextLine = found == nil
        if reachedEnd, skipsToNextLine { return false }
        if skipsToNextLine { fillBuffer() }
        continue
      }
      let lineEnd: Int
      if let newline = found {
        lineEnd = newline
        searchStart = newline + 1
      } else if reachedEnd, lineStart < dataEnd {
        lineEnd = dataEnd  // the last line has no LF
        searchStart = dataEnd
      } else if reachedEnd {
        return false
      } else if dataEnd - lineStart - Self.framingBytes > maxLineLength {
        lineNumber += 1
        skipsToNextLine = true
        try tooLong(lineNumber)
        return true
      } else {
        searchStart = dataEnd
        fillBuffer()
        continue
      }
      let start = lineStart
      lineStart = searchStart
      lineNumber += 1
      let isLine = try buffer.withUnsafeBytes { bytes throws -> Bool in
        var line = UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd])
        if line.last == 0x0D {
          line = UnsafeRawBufferPointer(rebasing: line.dropLast())
        }
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
          line = UnsafeRawBufferPointer(rebasing: line.dropFirst(3))  // a byte order mark
        }
        if line.count > maxLineLength {
          try tooLong(lineNumber)
          return true
        }
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return false }
        try body(line, lineNumber)
        return true
      }
      if isLine {
        return true
      }
    }
  }

  /// Calls `body` with every remaining non-blank line and its line number, and `tooLong` with the
  /// number of every line longer than ``maxLineLength``, until the input ends.
  ///
  /// On a pipe that stays open this waits for more lines; it returns when the writer closes its end.
  public mutating func forEachLine(
    _ body: (_ line: UnsafeRawBufferPointer, _ lineNumber: Int) throws -> Void,
    tooLong: (_ lineNumber: Int) throws -> Void
  ) rethrows {
    while try nextLine(body, tooLong: tooLong) {}
  }

  /// Bytes a line may hold beyond its length before its LF arrives: a CR, and a byte order mark on
  /// the first line.
  private static let framingBytes = 4

  /// Makes room and reads the next chunk, or notes the end of the input.
  private mutating func fillBuffer() {
    if lineStart == dataEnd {
      lineStart = 0
      searchStart = 0
      dataEnd = 0
    } else if lineStart > 0 {
      // Move the unfinished line to the front; it is short compared with the chunk in typical input.
      let (start, end) = (lineStart, dataEnd)
      buffer.withUnsafeMutableBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        memmove(base, base + start, end - start)
      }
      dataEnd -= lineStart
      searchStart -= lineStart
      lineStart = 0
    }
    if buffer.count - dataEnd < chunkSize / 2 {
      // A line longer than the buffer: double it, so a long line costs amortized O(n) copying.
      var larger = [UInt8](repeating: 0, count: buffer.count * 2)
      let count = dataEnd
      larger.withUnsafeMutableBytes { target in
        buffer.withUnsafeBytes { source in
          guard let to = target.baseAddress, let from = source.baseAddress else { return }
          memcpy(to, from, count)
        }
      }
      buffer = larger
    }
    while true {
      let end = dataEnd
      let count = buffer.withUnsafeMutableBytes { bytes -> Int in
        guard let base = bytes.baseAddress else { return 0 }
        return read(fileDescriptor, base + end, bytes.count - end)
      }
      if count > 0 {
        dataEnd += count
        return
      }
      if count < 0, errno == EINTR {
        continue
      }
      if count < 0 {
        failure = .readFailed(reason: Self.systemMessage(errno))
      }
      reachedEnd = true
      return
    }
  }

  /// The operating system's message for an `errno` value.
  private static func systemMessage(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
  }
}
