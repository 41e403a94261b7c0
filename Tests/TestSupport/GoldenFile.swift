import Foundation

/// Compares text with a golden file next to the test, or records it when `RECORD_GOLDEN=1`.
public enum GoldenFile {
  /// The folder `Golden` beside the calling test file.
  public static func directory(for testFile: String = #filePath) -> URL {
    URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden")
  }

  /// The golden text for `name`, after recording `actual` when asked to.
  ///
  /// - Returns: the expected text, or `nil` when the file is missing (the caller's expectation fails).
  public static func expected(_ name: String, actual: String, testFile: String = #filePath) -> String? {
    let url = directory(for: testFile).appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
      try? FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try? actual.write(to: url, atomically: true, encoding: .utf8)
    }
    return try? String(contentsOf: url, encoding: .utf8)
  }
}
