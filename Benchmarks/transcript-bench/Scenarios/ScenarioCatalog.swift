/// Every scenario `transcript-bench` runs, in the order it runs them, with its `--help` line.
///
/// One list feeds the help text, the check of names on the command line and the run order,
/// so a new scenario cannot be runnable yet missing from `--help` (or the other way round).
enum ScenarioCatalog {
  struct Entry {
    var name: String
    var summary: String
    /// Whether `--chart` can draw it: it has a meaningful time per item.
    var isChartable: Bool

    init(_ name: String, _ summary: String, isChartable: Bool = true) {
      self.name = name
      self.summary = summary
      self.isChartable = isChartable
    }
  }

  static let entries: [Entry] = [
    Entry("layout-cold", "lay out N messages from scratch, heights on one thread"),
    Entry("layout-parallel", "the same with heights measured on all cores"),
    Entry("relayout-width", "re-measure everything after a viewport width change"),
    Entry("layout-points", "layout-cold in points: DejaVu Sans 15 px, phone theme, 390 px wide"),
    Entry("append", "append one message (end to end through the update flow)"),
    Entry("update-status", "change the delivery status of a recent message"),
    Entry("update-status-old", "change the delivery status of an old message (those react picks)"),
    Entry("react", "a reaction to an old message: its reactions line grows a count"),
    Entry("read", "a read receipt moving a reader forward: two receipt rows change"),
    Entry("edit-text", "edit the text of a recent message"),
    Entry("delete-middle", "delete a message in the middle"),
    Entry("prepend-page", "prepend a page of 50 older messages (per item: / 50)"),
    Entry("full-recompute", "baseline: the append done Chatto's way, every height re-measured"),
    Entry("visible-range", "find the row at a random offset", isChartable: false),
    Entry("row-of-id", "find the row of a random item's id", isChartable: false),
    Entry("scroll", "scroll top to bottom in viewport steps; cells created, configures", isChartable: false),
    Entry("diff", "random changes a data source does not describe: a full diff", isChartable: false),
    Entry("cli-layout", "transcript layout's path: read an NDJSON file, lay out once, format rows"),
    Entry("render-plain", "transcript render --format plain's path: the same, then draw every page"),
    Entry("memory", "resident bytes per item beyond the payload, in a fresh process", isChartable: false),
  ]

  static var names: [String] { entries.map(\.name) }

  /// Scenarios `--chart` draws when none is named: the ones whose scaling tells the story.
  static let defaultChartNames = ["layout-cold", "append", "update-status", "prepend-page", "full-recompute"]

  static func entry(named name: String) -> Entry? {
    entries.first { $0.name == name }
  }

  /// `names` without repeats, in catalog order (so `append` runs before `full-recompute`, which
  /// reports its ratio to it).
  static func ordered(_ names: [String]) -> [String] {
    let wanted = Set(names)
    return self.names.filter(wanted.contains)
  }
}
