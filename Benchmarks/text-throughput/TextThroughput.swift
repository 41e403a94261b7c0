// Throughput of TerminalTextMeasurer.measure on generated chat messages.
//
// Not a package target (the package's benchmark is transcript-bench); build it with the
// library sources, optimized, from the repository root:
//
//   swiftc -O -wmo -parse-as-library Benchmarks/text-throughput/TextThroughput.swift \
//     $(find Sources/TextLayout -name '*.swift') -o /tmp/text-throughput
//   /tmp/text-throughput            # all corpora
//   /tmp/text-throughput chat       # one corpus: chat, dense or mixed
//
// Each corpus is 20,000 messages of 5 to 200 bytes from a seeded generator, measured at
// widths 40, 60 and 80; the best of 7 rounds is reported, as wall-clock and as the
// thread's CPU time (the latter is less disturbed by other processes).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SplitMix64: a small seeded generator, so every run measures the same text.
struct Generator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick(_ words: [String]) -> String { words[below(words.count)] }
}

enum Corpus: String, CaseIterable {
  /// English chat with attached punctuation, a link now and then, and occasional emoji.
  case chat
  /// Like `chat`, with free-standing punctuation (`?`, `...`) and more symbols.
  case dense
  /// Latin, Cyrillic, CJK, kana, Hangul, Devanagari, Arabic and emoji with ZWJ and skin tones.
  case mixed

  static let chatWords = [
    "hey", "what's", "up", "I", "think", "we", "should", "meet", "at", "the", "cafe", "tomorrow",
    "around", "3pm", "ok", "sounds", "good", "lol", "did", "you", "see", "that", "game", "last",
    "night", "seriously", "no", "way", "haha", "thanks", "for", "sending", "the", "link", "can't",
    "wait", "to", "see", "you", "there", "btw", "it's", "$20", "or", "so", "(maybe", "less)", "yes",
    "great", "idea", "let's", "do", "it", "@bob", "I'm", "in", "a", "meeting", "call", "me", "later",
    "sure", "sorry", "running", "late", "10", "minutes", "https://example.com/x", "what", "time",
    "is", "it", "now", "love", "this", "song", "omg", "really", "nice", "work", "today", "and",
    "then", "we", "can", "go", "home",
  ]
  static let attached = [",", ",", ".", ".", "?", "!", "...", " :)", "!!"]
  static let denseWords = [
    "hey", "what's", "up", "I", "think", "we", "should", "meet", "at", "the", "cafe", "tomorrow",
    "around", "3pm", "ok", "sounds", "good", "lol", "did", "you", "see", "that", "game", "last",
    "night", "?", "!", "seriously,", "no", "way", "haha", "thanks", "for", "sending", "link",
    "https://example.com/a/b?c=1", "can't", "wait", "see", "you", "there", "btw", "it's", "$20",
    "or", "so", "(maybe", "less)", "...", "yes", "great", "idea", "let's", "do", "it", "#team",
    "@bob", "100%", "well",
  ]
  static let emoji = ["😀", "👍🏽", "❤️", "👨‍👩‍👧‍👦", "🇯🇵", "🎉", "🙏🏻", "😂", "🔥", "✅", "👩🏾‍💻"]
  static let scripts = [
    ["привет", "как", "дела", "всё", "хорошо", "спасибо", "завтра", "встретимся", "в", "кафе"],
    ["你好", "我们", "明天", "见面", "吧", "。", "好的", "谢谢", "没问题", "，", "今天", "天气", "很好"],
    ["こんにちは", "ありがとう", "明日", "会いましょう", "。", "カフェ", "で"],
    ["नमस्ते", "आप", "कैसे", "हैं", "धन्यवाद", "कल", "मिलते", "हैं", "।"],
    ["مرحبا", "كيف", "حالك", "شكرا", "غدا", "نلتقي", "في", "المقهى"],
    ["안녕하세요", "감사합니다", "내일", "만나요", "좋아요"],
  ]

  func message(_ generator: inout Generator) -> String {
    let target = 5 + generator.below(196)
    var text = ""
    while text.utf8.count < target {
      var word: String
      var spaced = true
      switch self {
      case .chat:
        word = generator.below(40) == 0 ? generator.pick(Self.emoji) : generator.pick(Self.chatWords)
        if generator.below(7) == 0 { word += generator.pick(Self.attached) }
      case .dense:
        word = generator.below(40) == 0 ? generator.pick(Self.emoji) : generator.pick(Self.denseWords)
      case .mixed:
        switch generator.below(9) {
        case 0, 1: word = generator.pick(Self.chatWords)
        case 2: word = generator.pick(Self.emoji)
        default:
          let script = generator.below(Self.scripts.count)
          word = generator.pick(Self.scripts[script])
          spaced = script != 1 && script != 2  // Chinese and Japanese run on
        }
      }
      if !text.isEmpty && spaced { text += generator.below(30) == 0 ? "\n" : " " }
      text += word
    }
    return text
  }
}

func threadSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func wallSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@main
struct TextThroughput {
  static func main() {
    let names = CommandLine.arguments.dropFirst()
    let corpora = names.isEmpty ? Corpus.allCases : names.compactMap(Corpus.init(rawValue:))
    let measurer = TerminalTextMeasurer()
    for corpus in corpora {
      var generator = Generator(state: 42)
      let messages = (0..<20_000).map { _ in corpus.message(&generator) }
      let bytes = messages.reduce(0) { $0 + $1.utf8.count }
      let widths = [40, 60, 80]
      var bestWall = Double.infinity
      var bestThread = Double.infinity
      var lines = 0
      for _ in 0..<7 {
        let wall = wallSeconds()
        let thread = threadSeconds()
        lines = 0
        for width in widths {
          for message in messages {
            lines &+= measurer.measure(message, maxWidth: width).lineCount
          }
        }
        bestThread = min(bestThread, threadSeconds() - thread)
        bestWall = min(bestWall, wallSeconds() - wall)
      }
      let total = Double(bytes * widths.count)
      let wallRate = (total / bestWall / 1e6 * 10).rounded() / 10
      let threadRate = (total / bestThread / 1e6 * 10).rounded() / 10
      print(
        "\(corpus.rawValue): \(messages.count) messages, \(bytes) bytes, \(lines) lines per round;",
        "\(wallRate) MB/s wall, \(threadRate) MB/s thread CPU")
    }
  }
}
