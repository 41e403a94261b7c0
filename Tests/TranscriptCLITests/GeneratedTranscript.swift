import Foundation
import TestSupport

/// A generated transcript in a temporary folder, and what `render` and `layout` make of it:
/// the reference every screen of `transcript view` is compared with.
struct GeneratedTranscript {
  /// The folder, with a script to run `transcript` in it.
  let script: TerminalScript
  /// The stream's path.
  let stream: String
  /// Items in the final transcript.
  let itemCount: Int

  /// 3,000 generated events (15 pages of history), English, with every non-ASCII character but
  /// the dash made a `*`: tmux's widths for emoji sequences (flags, skin tones, families) differ
  /// from the engine's grapheme clusters, and the screens must not depend on the tmux version.
  /// (Replaced rather than dropped, so that a reaction of one emoji stays a reaction.)
  init() throws {
    script = try TerminalScript()
    let generated = try CommandRunner.run(
      "transcript", ["generate", "--count", "3000", "--seed", "3", "--language", "english"])
    var text = String.UnicodeScalarView()
    for scalar in generated.standardOutput.unicodeScalars {
      text.append(scalar.isASCII || scalar == "—" ? scalar : "*")
    }
    stream = script.path("stream.ndjson")
    try String(text).write(toFile: stream, atomically: true, encoding: .utf8)
    let layout = try CommandRunner.run("transcript", ["layout", "--width", "60", stream])
    itemCount = layout.standardOutput.split(separator: "\n").count { $0.hasSuffix("\titem") }
  }

  /// `render --format plain` of the stream at `width`, one entry per row of the transcript.
  func renderedLines(width: Int) throws -> [String] {
    try Self.renderedLines(of: stream, width: width)
  }

  /// `render --format plain` of the stream in `file` at `width`, one entry per row.
  static func renderedLines(of file: String, width: Int) throws -> [String] {
    let result = try CommandRunner.run(
      "transcript", ["render", "--width", "\(width)", "--format", "plain", file])
    return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }

  /// Where the viewport starts after a relayout from `oldWidth` to `newWidth` when it started
  /// at `offset`: the row at the top keeps its place, and so does the distance into it.
  func offsetAfterRelayout(from offset: Int, width oldWidth: Int, to newWidth: Int, viewportRows: Int) throws
    -> Int
  {
    let old = try rows(width: oldWidth)
    let new = try rows(width: newWidth)
    let contentHeight = try renderedLines(width: newWidth).count
    guard let index = old.lastIndex(where: { $0.y <= offset }), index < new.count else { return 0 }
    let extent = (index + 1 < new.count ? new[index + 1].y : contentHeight) - new[index].y
    return min(new[index].y + min(offset - old[index].y, extent), contentHeight - viewportRows)
  }

  /// `layout` of the stream: every row's y and height.
  private func rows(width: Int) throws -> [(id: String, y: Int, height: Int)] {
    let result = try CommandRunner.run("transcript", ["layout", "--width", "\(width)", stream])
    return result.standardOutput.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t")
      guard fields.count == 4, let y = Int(fields[1]), let height = Int(fields[2]) else { return nil }
      return (String(fields[0]), y, height)
    }
  }
}
