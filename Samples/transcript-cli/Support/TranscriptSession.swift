import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import CommandLineSupport
import TextLayout

/// A stream transcript wired to a controller with the ready-made message presenters: what
/// every subcommand that shows a transcript starts from.
final class TranscriptSession {
  let transcript = StreamTranscript()
  let controller: ChatTranscriptController
  /// How the controller's rows size text messages, for wrapping texts ahead on any thread.
  private let textSizing: BubbleSizing?

  /// - Parameters:
  ///   - width: columns available to the transcript.
  ///   - height: rows of the viewport.
  ///   - theme: a name from `MessagesKit.themesByName`.
  init(width: Int, height: Int, theme: any MessagesTheme) {
    let builders = MessagesKit.builders(theme: theme)
    textSizing = (builders[MessageItemType.text]?.first?.heightMeasurer as? BubbleHeightMeasurer)?.sizing
    controller = ChatTranscriptController(
      buildersByType: builders, decorator: MessagesKit.decorator(),
      viewport: Viewport(width: Double(width), height: Double(height)))
    controller.dataSource = transcript
  }

  /// A transcript laid out in pixels with `layout`'s fonts, theme and spacing.
  ///
  /// - Parameters:
  ///   - width: pixels available to the transcript.
  ///   - height: pixels of the viewport.
  init(width: Int, height: Int, layout: PointLayout) {
    textSizing = nil
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(
        theme: layout.theme, measurer: layout.measurer, configuration: layout.configuration),
      decorator: MessagesKit.decorator(layout.decoration),
      viewport: Viewport(width: Double(width), height: Double(height)))
    controller.dataSource = transcript
  }

  /// Wraps the texts `event` brings for rows `width` columns wide, on the calling thread,
  /// where the items keep it (`TextBubbleLayout.prewrapper(sizing:rowWidth:)`): a thread
  /// that decodes a stream ahead of the one applying it takes that work off the owner's
  /// thread, whose height measurement and cells then find the wrapping done.
  /// `nil` when the session knows no text sizing to wrap with (a layout in points).
  func prewrapper(width: Int) -> (@Sendable (StreamEvent) -> Void)? {
    guard let sizing = textSizing else { return nil }
    let prewrapText = TextBubbleLayout.prewrapper(sizing: sizing, rowWidth: Double(width))
    return { event in
      // Read from the wire item's own fields: making its message only to read two of them
      // cost the reading thread about as much as the wrapping.
      func prewrap(_ item: StreamItem) {
        guard item.type == MessageItemType.text, item.isDeleted != true, let text = item.text,
          let memo = item.textMetricsMemo
        else { return }
        prewrapText(text, item.isIncoming ?? true, item.id, memo)
      }
      switch event {
      case .insert(let item, _), .update(let item): prewrap(item)
      case .prepend(let items): items.forEach(prewrap)
      default: break
      }
    }
  }

  /// Leaves the session to the process's exit, which returns its memory at once: a command
  /// that ends after printing would otherwise free a large transcript object by object (about
  /// 6% of a `layout` run).
  func keepUntilExit() {
    _ = Unmanaged.passRetained(self)
  }

  /// Applies the whole stream at `path` (`-` for standard input) to the transcript, then lays
  /// it out once.
  ///
  /// Nothing is shown before the end, so the controller leaves the transcript while it is fed
  /// and lays out the final items once (heights measured on all cores), instead of an update
  /// per batch of events placing its changes one by one. The rows are the same either way.
  /// The thread that reads ahead wraps the texts of the lines it has read while it waits for
  /// this one to apply the lines before (``prewrapper(width:)``): the heights then find part
  /// of the wrapping done, on time a core had to spare.
  ///
  /// - Parameter maxLineLength: longer lines are reported and skipped unread.
  /// - Returns: whether every line applied; `nil` when the input could not be opened or read.
  func feed(_ path: String, maxLineLength: Int) -> Bool? {
    controller.dataSource = nil
    let clean = StreamInput.feed(
      path, into: transcript, maxLineLength: maxLineLength,
      prepareWhileWaiting: prewrapper(width: Int(controller.collectionView.viewport.width)))
    controller.dataSource = transcript
    controller.requestUpdate(.firstLoad)
    controller.applyPendingUpdates()
    return clean
  }

  /// The theme named `name`, or a usage error listing the themes.
  static func theme(named name: String?) throws(UsageError) -> any MessagesTheme {
    let name = name ?? "compact"
    guard let theme = MessagesKit.themesByName[name] else {
      let names = MessagesKit.themesByName.keys.sorted().joined(separator: ", ")
      throw UsageError("--theme must be one of \(names), not \"\(name)\"")
    }
    return theme
  }
}
