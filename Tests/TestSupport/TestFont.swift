import Foundation
import TextLayout

/// DejaVu Sans from Debian's fonts-dejavu-core, which `.ci/run` installs, for the tests that
/// lay out in points. A missing font fails the test that needs it, never skips it.
public enum TestFont {
  public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  public struct Missing: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "\(path) is missing: install Debian's fonts-dejavu-core" }
  }

  /// DejaVu Sans, read; throws ``Missing`` when the file is not there.
  public static func dejaVuSans() throws -> Font {
    guard let data = FileManager.default.contents(atPath: dejaVuSansPath) else {
      throw Missing(path: dejaVuSansPath)
    }
    return try Font(bytes: [UInt8](data))
  }

  /// A measurer of DejaVu Sans at `size` pixels.
  public static func dejaVuSansMeasurer(size: Double = 15) throws -> PointTextMeasurer {
    PointTextMeasurer(font: try dejaVuSans(), size: size)
  }
}
