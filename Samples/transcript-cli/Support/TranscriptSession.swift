import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import CommandLineSupport

/// A stream transcript wired to a controller with the ready-made message presenters: what
/// every subcommand that shows a transcript starts from.
final class TranscriptSession {
  let transcript = StreamTranscript()
  let controller: ChatTranscriptController

  /// - Parameters:
  ///   - width: columns available to the transcript.
  ///   - height: rows of the viewport.
  ///   - theme: a name from `MessagesKit.themesByName`.
  init(width: Int, height: Int, theme: any MessagesTheme) {
    controller = ChatTranscriptController(
      buildersByType: MessagesKit.builders(theme: theme), decorator: MessagesKit.decorator(),
      viewport: Viewport(width: Double(width), height: Double(height)))
    controller.dataSource = transcript
  }

  /// Feeds the stream at `path` (`-` for standard input), applying updates as it goes.
  ///
  /// - Returns: whether every line applied; `nil` when the input could not be read.
  func feed(_ path: String) -> Bool? {
    StreamInput.feed(path, into: transcript, afterBatch: controller.applyPendingUpdates)
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
