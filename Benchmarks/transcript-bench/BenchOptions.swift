import CommandLineSupport

/// The command line of a scenario run, checked: which scenarios, at which sizes, how often,
/// on which items, printed how.
struct BenchOptions {
  /// Scenario names in run order (catalog order), without repeats.
  var scenarios: [String]
  /// Transcript sizes to run every scenario at; `Int.max` means all of the `--input` stream.
  var sizes: [Int]
  var operations: Int
  var warmUp: Int
  var runs: Int
  var isJSON: Bool
  var isSmoke: Bool
  var seed: UInt64
  var inputPath: String?
  var chartPath: String?
  var wantsHelp: Bool

  static let valueOptions: Set<String> = [
    "items", "operations", "warmup", "runs", "seed", "input", "chart", "sizes",
  ]
  static let flagOptions: Set<String> = ["json", "smoke", "help", "h"]
  static let maximumItems = 10_000_000

  init(_ arguments: [String]) throws(UsageError) {
    let parsed = try ParsedArguments(
      arguments, valueOptions: Self.valueOptions, flagOptions: Self.flagOptions)
    wantsHelp = parsed.wantsHelp
    isSmoke = parsed.flags.contains("smoke")
    isJSON = parsed.flags.contains("json")
    inputPath = parsed.values["input"]
    chartPath = parsed.values["chart"]
    seed = UInt64(try parsed.integer("seed", in: 0...Int.max, default: 1))
    operations = try parsed.integer("operations", in: 1...1_000_000, default: isSmoke ? 20 : 1_000)
    warmUp = try parsed.integer("warmup", in: 0...1_000_000, default: isSmoke ? 2 : 10)
    runs = try parsed.integer("runs", in: 1...1_000, default: isSmoke ? 1 : 3)

    for name in parsed.positionals where ScenarioCatalog.entry(named: name) == nil {
      throw UsageError("unknown scenario '\(name)'")
    }
    if let chartPath {
      guard !chartPath.isEmpty else { throw UsageError("--chart needs a file name") }
      let named = parsed.positionals.isEmpty ? ScenarioCatalog.defaultChartNames : parsed.positionals
      for name in named where ScenarioCatalog.entry(named: name)?.isChartable != true {
        let chartable = ScenarioCatalog.entries.filter(\.isChartable).map(\.name)
        throw UsageError(
          "--chart draws time per item; '\(name)' has none (chartable: \(chartable.joined(separator: ", ")))")
      }
      scenarios = ScenarioCatalog.ordered(named)
    } else {
      scenarios = ScenarioCatalog.ordered(
        parsed.positionals.isEmpty ? ScenarioCatalog.names : parsed.positionals)
    }

    if parsed.values["items"] != nil, parsed.values["sizes"] != nil {
      throw UsageError("give --items or --sizes, not both")
    }
    if let list = parsed.values["sizes"] {
      sizes = try Self.sizes(list)
    } else if parsed.values["items"] != nil {
      sizes = [try parsed.integer("items", in: 1...Self.maximumItems)]
    } else if chartPath != nil {
      sizes = isSmoke ? [200, 2_000] : [1_000, 10_000, 100_000, 1_000_000]
    } else {
      // Int.max: all of the input stream.
      sizes = [inputPath != nil ? Int.max : isSmoke ? 2_000 : 100_000]
    }
  }

  /// Where the transcripts come from.
  var items: TranscriptItems {
    inputPath.map { .stream(path: $0) } ?? .synthetic(seed: seed)
  }

  /// A comma-separated list of sizes, smallest first, without repeats.
  private static func sizes(_ list: String) throws(UsageError) -> [Int] {
    var sizes: [Int] = []
    for field in list.split(separator: ",", omittingEmptySubsequences: false) {
      let text = field.filter { $0 != "_" }
      guard let size = Int(text), (1...maximumItems).contains(size) else {
        throw UsageError(
          "--sizes takes whole numbers from 1 to \(maximumItems) separated by commas, not \"\(list)\"")
      }
      sizes.append(size)
    }
    return Array(Set(sizes)).sorted()
  }
}
