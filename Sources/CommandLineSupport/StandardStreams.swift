#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered writes to a file descriptor: one system call per 64 KiB, not per line.
public struct OutputBuffer: ~Copyable {
  private let fileDescriptor: Int32
  private var bytes: [UInt8] = []

  public init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    bytes.reserveCapacity(1 << 16)
  }

  public mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    if bytes.count >= 1 << 16 { flush() }
  }

  public mutating func flush() {
    Self.writeAll(bytes, to: fileDescriptor)
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
      if result <= 0 { break }  // a closed pipe: nothing more can be written
      written += result
    }
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
