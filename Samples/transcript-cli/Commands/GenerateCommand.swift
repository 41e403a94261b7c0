import ChatTranscript
import ChatTranscriptStreams
import CommandLineSupport
import TranscriptGenerator

/// `transcript generate`: a realistic synthetic NDJSON stream for demos and benchmarks.
enum GenerateCommand {
  static let help = """
    USAGE: transcript generate --count N [--seed S] [--language mixed|english]

    Writes N events of a synthetic conversation to standard output, one NDJSON line each:
    several people writing in several languages with emoji, photos, an unknown item type,
    status changes, replies, reactions, edits, deletes, typing, read receipts, the local
    user's last-read mark and pages of older history (oldest first). The same seed always
    gives the same bytes.

    OPTIONS:
      --count N      events to write (0-100000000, required)
      --seed S       random seed (default 1)
      --language L   mixed (default) or english (ASCII-heavy text)
      -h, --help     show this help

    EXIT STATUS: 0 written, 2 usage error or the output cannot be written.
    """

  static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
    let parsed = try ParsedArguments(
      arguments, valueOptions: ["count", "seed", "language"], flagOptions: ["help", "h"])
    if parsed.wantsHelp {
      printOutput(help)
      return .success
    }
    let count = try parsed.integer("count", in: 0...100_000_000)
    let seedText = parsed.values["seed"] ?? "1"
    guard let seed = UInt64(seedText) else {
      throw UsageError("--seed must be a whole number, not \"\(seedText)\"")
    }
    let languageName = parsed.values["language"] ?? "mixed"
    guard let language = SyntheticTranscript.Language(rawValue: languageName) else {
      throw UsageError("--language must be mixed or english, not \"\(languageName)\"")
    }
    guard parsed.positionals.isEmpty else { throw UsageError("generate takes no input file") }

    let encoder = StreamEncoder()
    var output = OutputBuffer(fileDescriptor: 1)
    for event in SyntheticTranscript(count: count, seed: seed, language: language) {
      output.append(encoder.encode(event))
      output.append("\n")
    }
    return .success
  }
}
