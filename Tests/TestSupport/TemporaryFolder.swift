import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// the object goes away: where CLI tests put the streams they generate, pipes and scripts.
public final class TemporaryFolder {
  public let url: URL

  /// - Parameter prefix: the start of the folder's name, to tell test leftovers apart.
  public init(prefix: String) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` in the folder.
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `bytes` to the file `name` in the folder and returns its path.
  @discardableResult
  public func write(_ bytes: some Sequence<UInt8>, to name: String) throws -> String {
    let path = path(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
}
