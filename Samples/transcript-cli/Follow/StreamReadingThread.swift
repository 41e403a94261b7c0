import ChatTranscript
import ChatTranscriptStreams
import Dispatch

/// Reads and decodes a stream on a thread of its own, posting each line to an ``Inbox`` as
/// soon as its line feed arrives.
///
/// The reader runs ahead of the main thread by up to the inbox's capacity, in lines and in bytes,
/// so a writer feeding the pipe is not slowed down by a slow terminal until the main thread is
/// that far behind; then the reader waits, and the pipe holds the rest. No line is lost; a line
/// longer than the reader's limit is posted as rejected without being read. The noncopyable
/// reader is moved to the thread through a ``HandOff``; after that only the reading thread
/// touches it.
enum StreamReadingThread {
  /// Starts reading in the background.
  ///
  /// - Parameters:
  ///   - reader: the opened input; owned by the reading thread from now on.
  ///   - source: the name diagnostics give for the input.
  ///   - inbox: receives one message per line, then `.ended`.
  ///   - prepare: runs on the reading thread with each event before it is posted, if given.
  static func start(
    _ reader: consuming NDJSONLineReader, source: String, inbox: Inbox<FollowMessage>,
    prepare: (@Sendable (StreamEvent) -> Void)? = nil
  ) {
    let handOff = HandOff(reader)
    DispatchQueue(label: "transcript.follow.reader").async {
      guard var reader = handOff.take() else { return }
      read(&reader, source: source, into: inbox, prepare: prepare)
    }
  }

  /// Reads until the writer closes its end; blocks the calling thread meanwhile.
  static func read(
    _ reader: inout NDJSONLineReader, source: String, into inbox: Inbox<FollowMessage>,
    prepare: ((StreamEvent) -> Void)?
  ) {
    let decoder = StreamDecoder()
    let limit = reader.maxLineLength
    func reject(line number: Int, _ error: StreamDecodingError) {
      inbox.postWaitingForRoom(
        .rejected(StreamDiagnostic(source: source, line: number, message: error.description)), bytes: 0)
    }
    reader.forEachLine { line, number in
      switch decoder.decode(line) {
      case .success(let event):
        prepare?(event)
        inbox.postWaitingForRoom(.event(event, line: number), bytes: line.count)
      case .failure(let error): reject(line: number, error)
      }
    } tooLong: { number in
      reject(line: number, .lineTooLong(limit: limit))
    }
    inbox.post(.ended(failure: reader.failure))
  }
}
