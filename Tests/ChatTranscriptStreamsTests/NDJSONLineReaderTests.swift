import ChatTranscript
import ChatTranscriptStreams
import Foundation
import Synchronization
import TestSupport
import Testing
import TranscriptGenerator

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct NDJSONLineReaderTests {
  static let splitCases: [(input: String, lines: [Line])] = [
    ("", []),
    ("a\nb\n", [Line(1, "a"), Line(2, "b")]),
    ("a\r\nb\r\n", [Line(1, "a"), Line(2, "b")]),
    ("a\nb", [Line(1, "a"), Line(2, "b")]),
    ("a\r\nb\r", [Line(1, "a"), Line(2, "b")]),
    ("\n\na\n\n", [Line(3, "a")]),
    ("\r\n \t\r\n a \n\t\n", [Line(3, " a ")]),
    ("a\rb\n", [Line(1, "a\rb")]),
    ("\n", []),
    ("x", [Line(1, "x")]),
    ("é\n漢字\r\n😀", [Line(1, "é"), Line(2, "漢字"), Line(3, "😀")]),
    ("\u{FEFF}{}\n\u{FEFF}{}\n", [Line(1, "{}"), Line(2, "\u{FEFF}{}")]),  // only a leading BOM goes
    ("\u{FEFF}\r\nx", [Line(2, "x")]),
  ]

  @Test(arguments: splitCases)
  func splitsLines(input: String, lines: [Line]) throws {
    let path = try temporaryFile(Array(input.utf8))
    defer { unlink(path) }
    var reader = try NDJSONLineReader(path: path)
    #expect(readAll(&reader) == lines)
    #expect(reader.failure == nil)
    let more = reader.nextLine { _, _ in
      Issue.record("a line after the end")
    } tooLong: { _ in
      Issue.record("a line after the end")
    }
    #expect(!more)
  }

  /// Lines arrive through a pipe in random pieces and are read through a tiny buffer, so every line
  /// crosses chunk boundaries, the buffer compacts and grows; the result must match a plain split.
  @Test func splitsLinesAcrossChunks() throws {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_122)
    var random = SeededRandom(seed: seed)
    var input: [UInt8] = []
    var expected: [Line] = []
    for number in 1...2_000 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0: break  // a blank line
      case 1: input += Array(" \t".utf8)
      default:
        let length =
          Int.random(in: 0..<10, using: &random) == 0 ? 5_000 : Int.random(in: 1...80, using: &random)
        let text = String((0..<length).map { _ in "abcdefgh{}\":é".randomElement(using: &random) ?? "a" })
        input += Array(text.utf8)
        expected.append(Line(number, text))
      }
      input += Int.random(in: 0..<3, using: &random) == 0 ? [0x0D, 0x0A] : [0x0A]
    }
    var pieces: [[UInt8]] = []
    var offset = 0
    while offset < input.count {
      let end = min(input.count, offset + Int.random(in: 1...700, using: &random))
      pieces.append(Array(input[offset..<end]))
      offset = end
    }
    let readEnd = try startWriter(pieces)
    var reader = NDJSONLineReader(fileDescriptor: readEnd, closesWhenDone: true, chunkSize: 16)
    let lines = readAll(&reader)
    #expect(lines.count == expected.count, "seed \(seed)")
    #expect(lines == expected, "seed \(seed)")
  }

  /// In follow mode a line must be delivered as soon as its line break arrives, while the writer keeps
  /// the pipe open and the next line is still incomplete.
  @Test func deliversEachLineAsSoonAsItArrives() throws {
    let (readEnd, writeEnd) = try makePipe()
    let delivered = DispatchSemaphore(value: 0)
    let waits = Mutex<[Bool]>([])
    Thread {
      writeAll(writeEnd, Array(#"{"op":"del"#.utf8))
      usleep(20_000)
      writeAll(writeEnd, Array("ete\",\"id\":\"a\"}\n{\"op\":".utf8))
      let first = delivered.wait(timeout: .now() + 10) == .success
      writeAll(writeEnd, Array("\"delete\",\"id\":\"b\"}\r\n".utf8))
      let second = delivered.wait(timeout: .now() + 10) == .success
      waits.withLock { $0 = [first, second] }
      close(writeEnd)
    }.start()

    var reader = NDJSONLineReader(fileDescriptor: readEnd, closesWhenDone: true)
    var events: [StreamEvent] = []
    reader.forEachLine { line, number in
      if case .success(let event) = StreamDecoder().decode(line) {
        events.append(event)
      }
      #expect(number == events.count)
      delivered.signal()
    } tooLong: { _ in
      Issue.record("a line too long")
    }
    #expect(events == [.delete(id: "a"), .delete(id: "b")])
    #expect(waits.withLock { $0 } == [true, true], "the reader waited for more than a line")
  }

  static let tooLongCases: [(input: String, lines: [Line])] = [
    ("12345678\n123456789\nok\n", [Line(1, "12345678"), Line(2, "too long"), Line(3, "ok")]),
    ("12345678\r\n123456789\r\nok", [Line(1, "12345678"), Line(2, "too long"), Line(3, "ok")]),
    ("\u{FEFF}12345678\n\u{FEFF}1234567\n", [Line(1, "12345678"), Line(2, "too long")]),
    ("ok\n" + String(repeating: "x", count: 100), [Line(1, "ok"), Line(2, "too long")]),
    ("123456789", [Line(1, "too long")]),
    (
      String(repeating: "x", count: 100) + "\n\n" + String(repeating: "y", count: 13) + "\nok",
      [Line(1, "too long"), Line(3, "too long"), Line(4, "ok")]
    ),
  ]

  /// With a limit of 8 bytes: the LF, a CR before it and a leading byte order mark do not count;
  /// a line one byte longer is reported by number and skipped, and the lines after it still come.
  @Test(arguments: tooLongCases)
  func linesLongerThanTheLimitAreReportedAndSkipped(input: String, lines: [Line]) throws {
    let path = try temporaryFile(Array(input.utf8))
    defer { unlink(path) }
    var reader = try NDJSONLineReader(path: path, chunkSize: 16, maxLineLength: 8)
    #expect(reader.maxLineLength == 8)
    #expect(readAll(&reader) == lines)
    #expect(reader.failure == nil)
  }

  /// Lines of every length around the limit arrive through a pipe in random pieces and are read
  /// through a tiny buffer: each line longer than the limit is reported once, by its number,
  /// whether it is found whole or given up on before its LF arrives; every other line is as sent.
  @Test func skipsLinesLongerThanTheLimitAcrossChunks() throws {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_123)
    var random = SeededRandom(seed: seed)
    let limit = 100
    var input: [UInt8] = []
    var expected: [Line] = []
    for number in 1...2_000 {
      let length =
        Int.random(in: 0..<10, using: &random) == 0 ? 5_000 : Int.random(in: 1...150, using: &random)
      let text = String((0..<length).map { _ in "abc{}\"".randomElement(using: &random) ?? "a" })
      input += Array(text.utf8)
      expected.append(Line(number, length > limit ? "too long" : text))
      input += Int.random(in: 0..<3, using: &random) == 0 ? [0x0D, 0x0A] : [0x0A]
    }
    var pieces: [[UInt8]] = []
    var offset = 0
    while offset < input.count {
      let end = min(input.count, offset + Int.random(in: 1...700, using: &random))
      pieces.append(Array(input[offset..<end]))
      offset = end
    }
    let readEnd = try startWriter(pieces)
    var reader = NDJSONLineReader(
      fileDescriptor: readEnd, closesWhenDone: true, chunkSize: 16, maxLineLength: limit)
    #expect(readAll(&reader) == expected, "seed \(seed)")
  }

  /// A line too long is reported before its LF arrives, while the writer keeps the pipe open: a
  /// follower hears of it at once, however long the line goes on.
  @Test func reportsALineTooLongBeforeItEnds() throws {
    let (readEnd, writeEnd) = try makePipe()
    let reported = DispatchSemaphore(value: 0)
    let waited = Mutex(false)
    Thread {
      writeAll(writeEnd, [UInt8](repeating: UInt8(ascii: "x"), count: 1_000))
      waited.withLock { $0 = reported.wait(timeout: .now() + 10) == .success }
      writeAll(writeEnd, Array("xxx\nok\n".utf8))
      close(writeEnd)
    }.start()
    var reader = NDJSONLineReader(fileDescriptor: readEnd, closesWhenDone: true, maxLineLength: 100)
    var lines: [Line] = []
    reader.forEachLine { line, number in
      lines.append(Line(number, String(decoding: line, as: UTF8.self)))
    } tooLong: { number in
      lines.append(Line(number, "too long"))
      reported.signal()
    }
    #expect(lines == [Line(1, "too long"), Line(2, "ok")])
    #expect(waited.withLock { $0 }, "the reader waited for the end of the line")
  }

  @Test func readsTenMegabyteLines() throws {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 10 * 1024 * 1024 + 7)
    let input =
      Array(#"{"op":"delete","id":"a"}"#.utf8) + [0x0A] + long + [0x0D, 0x0A, 0x0A] + Array("end".utf8)

    let path = try temporaryFile(input)
    defer { unlink(path) }
    var fileReader = try NDJSONLineReader(path: path, chunkSize: 64 * 1024)
    #expect(summaries(&fileReader) == [Summary(1, 24), Summary(2, long.count), Summary(4, 3)])

    let readEnd = try startWriter(
      stride(from: 0, to: input.count, by: 100_003).map {
        Array(input[$0..<min(input.count, $0 + 100_003)])
      })
    var pipeReader = NDJSONLineReader(fileDescriptor: readEnd, closesWhenDone: true)
    #expect(summaries(&pipeReader) == [Summary(1, 24), Summary(2, long.count), Summary(4, 3)])
  }

  @Test func reportsWhatCannotBeOpened() {
    #expect(
      throws: NDJSONReadError.cannotOpen("/nonexistent/stream.ndjson", reason: "No such file or directory")
    ) {
      _ = try NDJSONLineReader(path: "/nonexistent/stream.ndjson")
    }
    #expect(throws: NDJSONReadError.cannotOpen("/", reason: "Is a directory")) {
      _ = try NDJSONLineReader(path: "/")
    }
    let error = NDJSONReadError.cannotOpen("x.ndjson", reason: "Permission denied")
    #expect(error.description == "cannot open x.ndjson: Permission denied")
  }

  @Test func reportsReadErrors() throws {
    let (readEnd, writeEnd) = try makePipe()
    defer { close(readEnd) }
    var reader = NDJSONLineReader(fileDescriptor: writeEnd, closesWhenDone: true)  // not readable
    let more = reader.nextLine { _, _ in
      Issue.record("a line from nowhere")
    } tooLong: { _ in
      Issue.record("a line from nowhere")
    }
    #expect(!more)
    #expect(reader.failure?.description == "read error: Bad file descriptor")
  }

  /// The reader and the decoder together, as the CLI uses them: bad lines are reported, good ones apply.
  @Test func feedsTheDecoder() throws {
    let input = """
      {"op":"insert","item":{"id":"m1","type":"text","text":"Hi"}}

      {"op":"frobnicate"}\r
      {"op":"delete","id":"m1"}
      """
    let path = try temporaryFile(Array(input.utf8))
    defer { unlink(path) }
    var reader = try NDJSONLineReader(path: path)
    var events: [StreamEvent] = []
    var messages: [String] = []
    let decoder = StreamDecoder()
    reader.forEachLine { line, number in
      switch decoder.decode(line) {
      case .success(let event): events.append(event)
      case .failure(let error): messages.append("stream.ndjson:\(number): \(error)")
      }
    } tooLong: { _ in
      Issue.record("a line too long")
    }
    #expect(
      events == [.insert(StreamItem(id: "m1", type: "text", text: "Hi"), position: .end), .delete(id: "m1")])
    #expect(messages == [#"stream.ndjson:3: unknown op "frobnicate""#])
  }
}

/// A delivered line: its number and its text.
struct Line: Hashable, Sendable, CustomStringConvertible {
  var number: Int
  var text: String

  init(_ number: Int, _ text: String) {
    self.number = number
    self.text = text
  }

  var description: String { "\(number): \(String(reflecting: text))" }
}

/// A delivered line by number and length, for lines too long to compare whole.
struct Summary: Hashable {
  var number: Int
  var length: Int

  init(_ number: Int, _ length: Int) {
    self.number = number
    self.length = length
  }
}

/// Every line delivered; a line too long is a `Line` whose text is `too long`.
private func readAll(_ reader: inout NDJSONLineReader) -> [Line] {
  var lines: [Line] = []
  reader.forEachLine { line, number in
    lines.append(Line(number, String(decoding: line, as: UTF8.self)))
  } tooLong: { number in
    lines.append(Line(number, "too long"))
  }
  return lines
}

private func summaries(_ reader: inout NDJSONLineReader) -> [Summary] {
  var result: [Summary] = []
  reader.forEachLine { line, number in
    #expect(line.first != 0x0D && line.last != 0x0D)
    result.append(Summary(number, line.count))
  } tooLong: { number in
    Issue.record("line \(number) too long")
  }
  return result
}

private func temporaryFile(_ bytes: [UInt8]) throws -> String {
  let path = NSTemporaryDirectory() + "ndjson-\(UUID().uuidString).ndjson"
  try Data(bytes).write(to: URL(fileURLWithPath: path))
  return path
}

private func makePipe() throws -> (read: Int32, write: Int32) {
  signal(SIGPIPE, SIG_IGN)  // a failing reader must not kill the test process through its writer
  var ends: [Int32] = [0, 0]
  guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
  return (ends[0], ends[1])
}

/// Starts a thread that writes `pieces` into a new pipe, pausing now and then, and closes it.
///
/// - Returns: The pipe's read end.
private func startWriter(_ pieces: [[UInt8]]) throws -> Int32 {
  let (readEnd, writeEnd) = try makePipe()
  Thread {
    for (index, piece) in pieces.enumerated() {
      writeAll(writeEnd, piece)
      if index % 50 == 0 { usleep(200) }
    }
    close(writeEnd)
  }.start()
  return readEnd
}

private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { return }
    offset += written
  }
}
