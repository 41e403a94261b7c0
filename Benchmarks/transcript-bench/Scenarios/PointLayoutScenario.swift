import ChatTranscript
import ChatTranscriptMessages
import ChatTranscriptStreams
import CommandLineSupport
import TextLayout

/// `layout-points`: `layout-cold` in points, as a backend lays out for a phone. The same
/// items, decorator and update flow, heights on one thread, but texts wrapped with DejaVu Sans
/// at 15 px in a row 390 px wide, bubbles sized by ``PhoneTheme``, each line the font's line
/// height tall.
enum PointLayoutScenario {
  static let name = "layout-points"
  /// The font measured with: Debian's fonts-dejavu-core.
  static let fontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let size = 15.0
  static let width = 390.0

  /// Times `plan.runs` cold layouts in points of `items`; a failure when the font is missing.
  static func run(items: [StreamItem], plan: ScenarioPlan) -> BenchResult {
    guard let font = FontFiles.load([fontPath], tool: "transcript-bench \(name)")?.first else {
      var result = BenchResult(scenario: name, items: items.count, runs: Timings())
      result.failures.append("cannot read \(fontPath): install Debian's fonts-dejavu-core")
      return result
    }
    let measurer = PointTextMeasurer(font: font, size: size)
    return LayoutScenarios.timeRuns(name, items: items, plan: plan) { items in
      var configuration = ChatTranscriptController.Configuration()
      configuration.measuresHeightsInParallel = false
      let controller = ChatTranscriptController(
        buildersByType: MessagesKit.builders(theme: PhoneTheme(), measurer: measurer, configuration: .phone),
        decorator: MessagesKit.decorator(.phone), viewport: Viewport(width: width, height: 844),
        configuration: configuration)
      return TranscriptFixture(items: items, controller: controller).layoutCold()
    }
  }

  /// Adds the ratio of this layout to `layout-cold` measured in the same run: the issue holds
  /// it to 1.5× at a million messages.
  static func relate(_ result: inout BenchResult, toLayoutCold layoutColdSeconds: Double) {
    let ratio = result.seconds / layoutColdSeconds
    result.details.add("ratioToLayoutCold", ratio)
    result.details.add("layoutColdSeconds", layoutColdSeconds)
    result.notes.append(
      "layout-points / layout-cold at \(result.items) items: \(BenchResult.rounded(ratio, digits: 2))× "
        + "(\(BenchResult.duration(result.seconds)) against \(BenchResult.duration(layoutColdSeconds)))")
  }
}
