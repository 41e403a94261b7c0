import ChatTranscriptRendering
import CommandLineSupport
import Dispatch
import Synchronization

/// Turns pages into text and writes them to standard output on a thread of its own, while
/// the main thread reads the next page.
///
/// Drawing a page is four steps: configuring its cells (main thread), then reading them into
/// a draft, wrapping its labels into a scene and turning the scene into text (here, on a
/// page lent by the controller: ``LentPage``). Done one after the other, the second core
/// sat idle while a whole transcript was drawn; with the reading here too, the two threads
/// carry about the same weight.
///
/// At most two pages wait here: past that, `submit` waits, so memory stays that of a few
/// pages, whatever the transcript's length. Text comes out in the order it was handed in.
final class PageWriter: Sendable {
  private let queue = DispatchQueue(label: "transcript.page-writer")
  private let room = DispatchSemaphore(value: 2)
  private let output = Mutex(OutputBuffer(fileDescriptor: 1))
  private let draw: @Sendable (_ scene: RenderScene, _ rowOffset: Int, _ output: inout OutputBuffer) -> Void
  /// Pages come in order, so a label cut off at the bottom of one is wrapped once.
  private let lineCache = LabelLineCache()

  /// - Parameter draw: writes a page's text to `output`, from its scene and the row it
  ///   starts at.
  init(
    draw: @escaping @Sendable (_ scene: RenderScene, _ rowOffset: Int, _ output: inout OutputBuffer) -> Void
  ) {
    self.draw = draw
  }

  /// A page as plain text, the way `render --format plain` and `follow` draw it.
  static func plainText(_ scene: RenderScene, rowOffset: Int, to output: inout OutputBuffer) {
    output.append(utf8: PlainTextRenderer().renderedUTF8(scene))
    output.append(byte: UInt8(ascii: "\n"))
  }

  /// Writes `text` after the pages handed in before it.
  func write(_ text: String) {
    queue.async { [self] in output.withLock { $0.append(text) } }
  }

  /// Reads, wraps, draws and writes `page` after the pages handed in before it; waits while
  /// two are waiting already.
  func submit(_ page: LentPage, rowOffset: Int) {
    room.wait()
    queue.async { [self] in
      let scene = page.read().scene(lineCache: lineCache)
      output.withLock { draw(scene, rowOffset, &$0) }
      room.signal()
    }
  }

  /// Writes out what was handed in before, once it is drawn, without waiting for it.
  func flush() {
    queue.async { [self] in output.withLock { $0.flush() } }
  }

  /// Waits until everything handed in is written.
  func finish() {
    queue.sync { output.withLock { $0.flush() } }
  }
}
