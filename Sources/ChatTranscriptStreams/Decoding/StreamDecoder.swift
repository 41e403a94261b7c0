/// Decodes the lines of an NDJSON message stream into events.
///
/// Each line is one JSON object (see `Documentation/WireFormat.md`). The decoder is a small hand-written
/// scanner over the line's UTF-8 bytes: it reads known fields straight into the event without building
/// a dictionary, so decoding costs about one pass over the bytes plus the strings the event keeps.
///
/// Rules beyond the JSON grammar:
/// - The line must be valid UTF-8 and hold exactly one object; whitespace around it is fine.
/// - Unknown fields of a line are ignored, and so are known fields the op does not use, even when
///   malformed (but their JSON syntax is still checked). Unknown item types are kept.
/// - Unknown fields of an item are kept, in order, as ``StreamItem/extraFields``: each key as written
///   and its value's JSON text as it is on the line, for ``StreamEncoder`` to write back. An item with
///   more than ``maximumExtraFieldCount`` of them is rejected.
/// - A repeated key: the last occurrence wins. A repeated unknown item key is kept once, at its last
///   occurrence.
/// - `null` counts as absent for optional fields and as the wrong type for required ones.
/// - Strings: a `\u` escape of a lone surrogate is an error. Numbers: `width`/`height` must be finite
///   and not negative, so `1e400` (which overflows to infinity) is rejected there.
/// - Ids, types, typing senders and the ids of `"after"`/`"before"` must not be empty; so must
///   `"replyTo"`, the sender and reaction of a `react`, the sender and `"upTo"` of a `read`, and
///   the keys of `"reactions"`.
/// - `"reactions"` counts are whole numbers from 0 to ``maximumReactionCount``; an item lists at most
///   ``maximumReactionsPerItem`` reactions.
///
/// Whether ids exist, or are unique, depends on the transcript and is checked where events are applied.
public struct StreamDecoder: Sendable {
  /// The most unknown fields an item may have, counting repeated names once.
  ///
  /// An item with more is rejected with ``StreamDecodingError/tooManyExtraFields(itemID:)``. The limit
  /// bounds the bookkeeping per item and the time spent looking for repeated names, whatever a sender
  /// writes. The kept texts are copies of pieces of the line (a key with escapes twice: as written and
  /// unescaped), so they stay within twice the line's length.
  public static let maximumExtraFieldCount = 64

  /// The most distinct reactions an item may list in `"reactions"`, or gather in a transcript.
  ///
  /// An item with more is rejected with ``StreamDecodingError/tooManyReactions(itemID:)``, and a
  /// `react` event that would add one more is rejected by the transcript: a bubble's reactions
  /// line stays a few rows, and finding a reaction in it stays cheap, whatever senders write.
  public static let maximumReactionsPerItem = 64

  /// The largest count of one reaction in `"reactions"`: far above any real tally, and small
  /// enough that adding every sender's reaction to it never overflows.
  public static let maximumReactionCount = 1_000_000_000

  /// Creates a decoder. It keeps no state, so one decoder can serve any number of lines and threads.
  public init() {}

  /// Decodes one line, given as bytes without the line break.
  ///
  /// - Parameter line: The line's bytes; only read during the call.
  /// - Returns: The event, or why the line was rejected.
  /// - Complexity: O(*n*) in the length of the line.
  public func decode(_ line: UnsafeRawBufferPointer) -> Result<StreamEvent, StreamDecodingError> {
    var scanner = JSONScanner(bytes: line)
    do throws(StreamDecodingError) {
      var fields = try EventFields(reading: &scanner)
      try scanner.endDocument()
      return .success(try fields.event())
    } catch {
      // A line the scanner accepts had all its bytes checked on the way (see `JSONScanner`), so the
      // whole line is checked only here: invalid UTF-8 anywhere is reported before any other error.
      if let offset = UTF8Validator.firstInvalidByte(in: line) {
        return .failure(.invalidUTF8(atByte: offset + 1))
      }
      return .failure(error)
    }
  }

  /// Decodes one line given as a string without the line break.
  ///
  /// - Complexity: O(*n*) in the length of the line.
  public func decode(_ line: String) -> Result<StreamEvent, StreamDecodingError> {
    var line = line
    return line.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
  }
}
