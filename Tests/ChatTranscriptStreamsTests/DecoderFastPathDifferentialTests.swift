import Foundation
import TestSupport
import Testing
import TranscriptGenerator

@testable import ChatTranscriptStreams

/// Seeded differential tests of the decoder's fast paths against the simple ones they replaced: UTF-8
/// checked per string (and for the whole line only when it is rejected) rather than up front, strings
/// made without a second check, and keys packed with one load. Set `STREAMS_SEED` to replay a seed.
@Suite struct DecoderFastPathDifferentialTests {
  let decoder = StreamDecoder()

  /// Bytes that make strings interesting: multi-byte characters, broken and forbidden sequences
  /// (overlong, surrogate, above U+10FFFF, truncated), and escapes.
  private static let pieces: [[UInt8]] = [
    Array("a".utf8), Array("id".utf8), Array("é".utf8), Array("€".utf8), Array("🇯🇵".utf8),
    Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8),
    [0x80], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF],
  ]

  /// Lines with random pieces put into them are judged as by the old decoder, which validated first:
  /// any invalid UTF-8 gives its first bad byte, whatever else is wrong, and only invalid UTF-8 does.
  @Test func invalidUTF8AnywhereIsReportedFirst() {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_124)
    var encoder = WireEncoder(random: SeededRandom(seed: seed))
    var invalid = 0
    for _ in 0..<5_000 {
      let event = encoder.randomEvent()
      let original = Array(encoder.line(for: event).utf8)
      var bytes = original
      for _ in 0..<Int.random(in: 1...2, using: &encoder.random) {
        let piece = Self.pieces.randomElement(using: &encoder.random) ?? []
        bytes.insert(contentsOf: piece, at: Int.random(in: 0...bytes.count, using: &encoder.random))
      }
      let result = bytes.withUnsafeBytes { decoder.decode($0) }
      if let offset = bytes.withUnsafeBytes({ UTF8Validator.firstInvalidByte(in: $0) }) {
        invalid += 1
        #expect(result == .failure(.invalidUTF8(atByte: offset + 1)), "seed \(seed): \(bytes)")
      } else {
        #expect(String(validating: bytes, as: UTF8.self) != nil, "seed \(seed): \(bytes)")
        if case .failure(let error) = result {
          #expect(!error.description.hasPrefix("invalid UTF-8"), "seed \(seed): \(bytes)")
        }
      }
    }
    #expect(invalid > 500 && invalid < 4_500, "\(invalid)")
  }

  /// A string read by the scanner is the one Foundation reads, and a string with invalid UTF-8 is
  /// rejected with its first bad byte, whether short or long, ASCII or not, escaped or not.
  @Test func stringsMatchFoundation() throws {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_124)
    var random = SeededRandom(seed: seed)
    for _ in 0..<5_000 {
      var content: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        content += Self.pieces.randomElement(using: &random) ?? []
      }
      // Padding after the string moves the end of the buffer, which the word-at-a-time loads watch.
      let line =
        [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
        + Array(repeating: UInt8(ascii: " "), count: Int.random(in: 0...9, using: &random))
      let result = line.withUnsafeBytes { bytes -> Result<String, StreamDecodingError> in
        var scanner = JSONScanner(bytes: bytes)
        do throws(StreamDecodingError) {
          return .success(try scanner.string())
        } catch {
          return .failure(error)
        }
      }
      if let offset = content.withUnsafeBytes({ UTF8Validator.firstInvalidByte(in: $0) }) {
        #expect(result == .failure(.invalidUTF8(atByte: offset + 2)), "seed \(seed): \(line)")
      } else {
        let expected = try JSONSerialization.jsonObject(with: Data(line), options: .fragmentsAllowed)
        #expect(try result.get() == expected as? String, "seed \(seed): \(line)")
      }
    }
  }

  /// Keys read with one load are recognised as `WireKey` recognises their bytes, wherever the line
  /// ends, and the scanner is left at the value.
  @Test func keysMatchWireKey() {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_124)
    var random = SeededRandom(seed: seed)
    let names = WireKey.allCases.map { Array($0.name.utf8) }
    let alphabet = Array("aceinorstpd".utf8) + Array("é".utf8)
    for _ in 0..<20_000 {
      var key = names.randomElement(using: &random) ?? []
      switch Int.random(in: 0..<4, using: &random) {
      case 0: key.removeLast(min(key.count, Int.random(in: 0...2, using: &random)))
      case 1: key.append(alphabet.randomElement(using: &random) ?? 0)
      case 2:
        let index = Int.random(in: 0..<key.count, using: &random)
        key[index] = alphabet.randomElement(using: &random) ?? 0
      default: break
      }
      let line =
        Array(#"{""#.utf8) + key + Array(#"":1"#.utf8)
        + Array(repeating: UInt8(ascii: "}"), count: Int.random(in: 0...9, using: &random))
      let expected = key.withUnsafeBytes { WireKey($0) }
      let valid = String(validating: key, as: UTF8.self) != nil
      line.withUnsafeBytes { bytes in
        var scanner = JSONScanner(bytes: bytes)
        do throws(StreamDecodingError) {
          guard try scanner.beginObject() else { return }
          let (found, span) = try scanner.memberKeyAndSpan()
          #expect(valid && found == expected, "seed \(seed): \(key)")
          #expect(span.start == 2 && span.end == 2 + key.count && !span.hasEscapes, "seed \(seed): \(key)")
          #expect(span.isASCII == key.allSatisfy { $0 < 0x80 }, "seed \(seed): \(key)")
          #expect(scanner.nextValueKind == .number, "seed \(seed): \(key)")
        } catch {
          #expect(!valid, "seed \(seed): \(key) \(error)")
        }
      }
    }
  }
}
