import ChatTranscriptRendering
import Dispatch
import Synchronization

/// Turns pages into text and writes them out on a thread of its own, while the main thread
/// lays out the next page: how `transcript render` and `follow` draw, and how the bench's
/// `render-plain` times them.
///
/// Drawing a page is four steps: configuring its cells, then reading them into a draft,
/// wrapping its labels and turning them into text (here, on a page lent by the controller:
/// ``LentPage``). Done one after the other, the second core sat idle while a whole transcript
/// was drawn; with the reading here too, the two threads carry about the same weight.
///
/// The cells of the kit's presenters may be configured on either thread (``LentPage``): here
/// while few pages wait, so that the main thread, which applies and lays out the stream too,
/// hands over as much as it can; on the main thread once ``configuringBacklog`` pages wait,
/// so that this thread, when it is the slower one (a whole file drawn at once), is not left
/// with all of it. The share each takes settles where the two keep pace.
///
/// At most ``capacity`` pages wait here: past that, `submit` waits, so memory stays that of a
/// few pages, whatever the transcript's length. Text comes out in the order it was handed in.
public final class PageWriter: Sendable {
  /// Pages waiting at which `submit` waits: more than a burst of `follow` draws (8,192 lines
  /// of a stream make about seven pages of 1,024 rows).
  public static let capacity = 12
  /// Pages waiting from which the main thread configures a page's cells itself.
  public static let configuringBacklog = 8

  private let queue = DispatchQueue(label: "transcript.page-writer")
  private let room = DispatchSemaphore(value: capacity)
  /// Pages handed in and not yet written.
  private let waiting = Atomic(0)
  private let output: Mutex<OutputBuffer>
  private let draw: @Sendable (_ page: Page, _ output: inout OutputBuffer) -> Void
  /// Pages come in order, so a label cut off at the bottom of one is wrapped once.
  private let lineCache = LabelLineCache()

  /// A page read, not yet wrapped.
  public struct Page: Sendable {
    public var draft: SceneDraft
    /// The row the page starts at.
    public var rowOffset: Int
    /// Keeps the lines of a label cut off at the page's bottom for the next page.
    public var lineCache: LabelLineCache

    /// The page wrapped into a scene.
    public var scene: RenderScene { draft.scene(lineCache: lineCache) }
  }

  /// - Parameters:
  ///   - fileDescriptor: where the text goes; standard output by default.
  ///   - draw: writes a page's text to `output`.
  public init(
    fileDescriptor: Int32 = 1, draw: @escaping @Sendable (_ page: Page, _ output: inout OutputBuffer) -> Void
  ) {
    output = Mutex(OutputBuffer(fileDescriptor: fileDescriptor))
    self.draw = draw
  }

  /// A page as plain text, the way `render --format plain` and `follow` draw it: straight
  /// from the draft, without a scene in between.
  public static func plainText(_ page: Page, to output: inout OutputBuffer) {
    output.append(utf8: PlainTextRenderer().renderedUTF8(page.draft, lineCache: page.lineCache))
    output.append(byte: UInt8(ascii: "\n"))
  }

  /// Writes `text` after the pages handed in before it.
  public func write(_ text: String) {
    queue.async { [self] in output.withLock { $0.append(text) } }
  }

  /// Reads, wraps, draws and writes `page` after the pages handed in before it; waits while
  /// ``capacity`` are waiting already.
  public func submit(_ page: LentPage, rowOffset: Int) {
    if waiting.load(ordering: .relaxed) >= Self.configuringBacklog { page.configureCells() }
    room.wait()
    waiting.add(1, ordering: .relaxed)
    queue.async { [self] in
      let page = Page(draft: page.read(), rowOffset: rowOffset, lineCache: lineCache)
      output.withLock { draw(page, &$0) }
      waiting.subtract(1, ordering: .relaxed)
      room.signal()
    }
  }

  /// Writes out what was handed in before, once it is drawn, without waiting for it.
  public func flush() {
    queue.async { [self] in output.withLock { $0.flush() } }
  }

  /// Waits until everything handed in is written.
  ///
  /// - Returns: the bytes written since the writer was made.
  @discardableResult
  public func finish() -> Int {
    queue.sync {}
    return output.withLock { output in
      output.flush()
      return output.byteCount
    }
  }
}
