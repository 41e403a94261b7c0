import CommandLineSupport

/// `transcript-bench`: dispatches to scenarios; usage errors exit with 2.
enum BenchTool {
  static let help = """
    USAGE: transcript-bench text --input FILE --wrap W [--repeat R] [--json]
           transcript-bench [SCENARIO ...] [--items N] [--operations K] [--json] [--smoke]

    Measures the chat-transcript engine. Build with -c release: debug numbers mean nothing.
    Per-operation scenarios report the median (and p10, p90) of K timed operations.

    SCENARIOS:
      text             wrap the text items of an NDJSON stream (see 'text --help')
      layout-cold      lay out N synthetic messages from scratch, heights on one thread
      layout-parallel  the same with heights measured on all cores
      relayout-width   re-measure everything after a viewport width change
      append           append one message (end to end through the update flow)
      update-status    change the delivery status of a recent message
      edit-text        edit the text of a recent message
      delete-middle    delete a message in the middle
      prepend-page     prepend a page of 50 older messages
      visible-range    find the row at a random offset

    OPTIONS:
      --items N        transcript size (default 100000)
      --operations K   timed operations per scenario (default 1000)
      --json           one JSON object per scenario per line
      --smoke          every scenario at tiny sizes, to prove they run
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.first == "text" {
      do {
        return try TextScenario.run(Array(arguments.dropFirst()))
      } catch {
        printError("transcript-bench text: \(error)\nRun 'transcript-bench text --help' for usage.")
        return 2
      }
    }
    do {
      let parsed = try ParsedArguments(
        arguments, valueOptions: ["items", "operations"], flagOptions: ["json", "smoke", "help", "h"])
      if parsed.wantsHelp {
        print(help)
        return 0
      }
      let smoke = parsed.flags.contains("smoke")
      let items = try parsed.integer("items", in: 1...10_000_000, default: smoke ? 2_000 : 100_000)
      let operations = try parsed.integer("operations", in: 1...1_000_000, default: smoke ? 20 : 1_000)
      let names = parsed.positionals.isEmpty ? LayoutScenarios.names : parsed.positionals
      for name in names where !LayoutScenarios.names.contains(name) {
        throw UsageError("unknown scenario '\(name)'")
      }
      BuildCheck.warnIfDebug()
      for name in names {
        let result = LayoutScenarios.run(name, items: items, operations: min(operations, items / 4 + 1))
        print(parsed.flags.contains("json") ? result.json : result.text)
      }
      return 0
    } catch {
      printError("transcript-bench: \(error)\nRun 'transcript-bench --help' for usage.")
      return 2
    }
  }
}
