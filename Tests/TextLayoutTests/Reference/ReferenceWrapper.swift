import TextLayout

/// The greedy wrapping of Documentation/TextMetrics.md, written out step by step over whole
/// segments.
enum ReferenceWrapper {
  struct Result: Equatable {
    var lines: [String]
    var widths: [Int]
    var metrics: TextMetrics { TextMetrics(lineCount: widths.count, widestLine: widths.max() ?? 0) }
  }

  static let hanging: Set<Unicode.Scalar> = [
    " ", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
  ]

  static func wrap(_ text: String, maxWidth: Int) -> Result {
    let width = max(1, maxWidth)
    let scalars = Array(text.unicodeScalars)
    // Break opportunities inside a grapheme cluster are not taken.
    let clusterStarts = Set(ReferenceGraphemes.clusters(scalars[...]).map(\.lowerBound))
    let breaks = ReferenceLineBreaker.breaks(in: scalars).filter {
      $0.key == scalars.count || clusterStarts.contains($0.key)
    }
    // A line: the scalars shown (without the hanging tail that ends it) and their width.
    var lines: [(start: Int, end: Int, width: Int)] = []
    var lineStart = 0
    var contentEnd = 0
    var used = 0
    var visible = 0
    func newLine(at start: Int) {
      lines.append((lineStart, contentEnd, visible))
      lineStart = start
      contentEnd = start
      used = 0
      visible = 0
    }
    var segmentStart = 0
    for end in breaks.keys.sorted() {
      var bodyEnd = end
      while bodyEnd > segmentStart && hanging.contains(scalars[bodyEnd - 1]) { bodyEnd -= 1 }
      let body = scalars[segmentStart..<bodyEnd]
      let spaces = scalars[bodyEnd..<end].filter { $0 == " " }.count
      let bodyWidth = ReferenceGraphemes.width(of: body)
      if used > 0 && used + bodyWidth > width { newLine(at: segmentStart) }
      if bodyWidth > width {
        for cluster in ReferenceGraphemes.clusters(body) {
          let clusterWidth = ReferenceGraphemes.width(ofCluster: body[cluster])
          if used > 0 && used + clusterWidth > width { newLine(at: cluster.lowerBound) }
          used += clusterWidth
          visible = used
          contentEnd = cluster.upperBound
        }
      } else if !body.isEmpty {
        used += bodyWidth
        visible = used
        contentEnd = bodyEnd
      }
      used += spaces
      if breaks[end] == true && end < scalars.count { newLine(at: end) }
      segmentStart = end
    }
    lines.append((lineStart, contentEnd, visible))
    return Result(
      lines: lines.map { line in
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[line.start..<line.end])
        return text
      },
      widths: lines.map(\.width))
  }
}
