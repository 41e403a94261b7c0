#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole text file (the chart), replacing what was there.
enum TextFile {
  /// - Returns: `nil` on success, otherwise why the file could not be written.
  static func save(_ text: String, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return "\(path): \(String(cString: strerror(errno)))" }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress?.advanced(by: written), bytes.count - written)
      }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return "\(path): \(String(cString: strerror(errno)))" }
      written += result
    }
    return nil
  }
}
