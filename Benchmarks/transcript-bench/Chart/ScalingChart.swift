/// An SVG line chart of time per item against transcript size, one line per scenario, both
/// axes logarithmic, so the scaling is seen at a glance: a flat line costs the same per item
/// at every size; a line rising one decade per decade of size costs time proportional to the
/// transcript.
///
/// The SVG is self-contained (no fonts, scripts or styles from elsewhere) and deterministic:
/// the same results give the same bytes, with coordinates rounded to a tenth of a pixel.
struct ScalingChart {
  struct Series {
    var name: String
    var points: [(items: Int, secondsPerItem: Double)] = []
  }

  var title: String
  var subtitle: String
  var series: [Series]

  // Geometry in pixels: the plot area, with room for axis labels left and below and the
  // legend on the right.
  private let width = 900.0
  private let height = 560.0
  private let plotLeft = 90.0
  private let plotTop = 76.0
  private let plotRight = 680.0
  private let plotBottom = 480.0

  /// Okabe–Ito colours: told apart with the common colour-vision deficiencies.
  private static let colors = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999999", "#8C564B",
  ]

  func svg() -> String {
    let points = series.flatMap(\.points).filter { $0.secondsPerItem.isFinite && $0.secondsPerItem > 0 }
    let xAxis = LogAxis(covering: points.map { Double($0.items) })
    let yAxis = LogAxis(covering: points.map(\.secondsPerItem))
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
        + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"Helvetica, Arial, sans-serif\" "
        + "font-size=\"13\">",
      "<rect width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#ffffff\"/>",
      text(title, x: plotLeft, y: 30, attributes: "font-size=\"17\" font-weight=\"bold\""),
      text(subtitle, x: plotLeft, y: 52, attributes: "fill=\"#444444\""),
    ]
    lines += grid(xAxis: xAxis, yAxis: yAxis)
    for (index, entry) in series.enumerated() {
      lines += plot(entry, color: Self.colors[index % Self.colors.count], xAxis: xAxis, yAxis: yAxis)
    }
    lines += legend()
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  private func x(_ items: Double, _ axis: LogAxis) -> Double {
    plotLeft + axis.fraction(of: items) * (plotRight - plotLeft)
  }

  private func y(_ seconds: Double, _ axis: LogAxis) -> Double {
    plotBottom - axis.fraction(of: seconds) * (plotBottom - plotTop)
  }

  /// Decade grid lines, tick labels, the frame and the axis titles.
  private func grid(xAxis: LogAxis, yAxis: LogAxis) -> [String] {
    var lines = ["<g stroke=\"#dddddd\" stroke-width=\"1\">"]
    for exponent in xAxis.decades {
      let position = f(x(LogAxis.power(exponent), xAxis))
      lines.append(
        "<line x1=\"\(position)\" y1=\"\(f(plotTop))\" x2=\"\(position)\" y2=\"\(f(plotBottom))\"/>")
    }
    for exponent in yAxis.decades {
      let position = f(y(LogAxis.power(exponent), yAxis))
      lines.append(
        "<line x1=\"\(f(plotLeft))\" y1=\"\(position)\" x2=\"\(f(plotRight))\" y2=\"\(position)\"/>")
    }
    lines.append("</g>")
    lines += minorTicks(xAxis: xAxis, yAxis: yAxis)
    lines.append(
      "<rect x=\"\(f(plotLeft))\" y=\"\(f(plotTop))\" width=\"\(f(plotRight - plotLeft))\" "
        + "height=\"\(f(plotBottom - plotTop))\" fill=\"none\" stroke=\"#333333\"/>")
    for exponent in xAxis.decades {
      lines.append(
        text(
          LogAxis.sizeLabel(exponent: exponent), x: x(LogAxis.power(exponent), xAxis), y: plotBottom + 20,
          attributes: "text-anchor=\"middle\""))
    }
    for exponent in yAxis.decades {
      lines.append(
        text(
          LogAxis.timeLabel(exponent: exponent), x: plotLeft - 8, y: y(LogAxis.power(exponent), yAxis) + 4,
          attributes: "text-anchor=\"end\""))
    }
    lines.append(
      text(
        "transcript size (items, log scale)", x: (plotLeft + plotRight) / 2, y: plotBottom + 46,
        attributes: "text-anchor=\"middle\""))
    let middle = f((plotTop + plotBottom) / 2)
    lines.append(
      text(
        "time per item added or changed (median, log scale)", x: 24, y: (plotTop + plotBottom) / 2,
        attributes: "text-anchor=\"middle\" transform=\"rotate(-90 24 \(middle))\""))
    return lines
  }

  /// Short ticks at 2–9 × each power of ten on both axes, so sizes between decades can be read.
  private func minorTicks(xAxis: LogAxis, yAxis: LogAxis) -> [String] {
    var lines = ["<g stroke=\"#333333\" stroke-width=\"1\">"]
    for exponent in xAxis.lowerExponent..<xAxis.upperExponent {
      for multiple in 2...9 {
        let position = f(x(Double(multiple) * LogAxis.power(exponent), xAxis))
        lines.append(
          "<line x1=\"\(position)\" y1=\"\(f(plotBottom))\" x2=\"\(position)\" y2=\"\(f(plotBottom - 5))\"/>")
      }
    }
    for exponent in yAxis.lowerExponent..<yAxis.upperExponent {
      for multiple in 2...9 {
        let position = f(y(Double(multiple) * LogAxis.power(exponent), yAxis))
        lines.append(
          "<line x1=\"\(f(plotLeft))\" y1=\"\(position)\" x2=\"\(f(plotLeft + 5))\" y2=\"\(position)\"/>")
      }
    }
    lines.append("</g>")
    return lines
  }

  /// One scenario: its line and a marker with a tooltip at each measured size.
  private func plot(_ series: Series, color: String, xAxis: LogAxis, yAxis: LogAxis) -> [String] {
    let points = series.points.filter { $0.secondsPerItem.isFinite && $0.secondsPerItem > 0 }
      .sorted { $0.items < $1.items }
    guard !points.isEmpty else { return [] }
    let coordinates = points.map { "\(f(x(Double($0.items), xAxis))),\(f(y($0.secondsPerItem, yAxis)))" }
    var lines = [
      "<g stroke=\"\(color)\" fill=\"\(color)\">",
      "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" stroke-width=\"2.5\"/>",
    ]
    for point in points {
      let label =
        "\(series.name), \(point.items) items: \(BenchResult.duration(point.secondsPerItem)) per item"
      lines.append(
        "<circle cx=\"\(f(x(Double(point.items), xAxis)))\" cy=\"\(f(y(point.secondsPerItem, yAxis)))\" "
          + "r=\"4\"><title>\(XMLEscaping.escaped(label))</title></circle>")
    }
    lines.append("</g>")
    return lines
  }

  private func legend() -> [String] {
    let left = plotRight + 24
    var lines = [text("scenario", x: left, y: plotTop + 4, attributes: "font-weight=\"bold\"")]
    for (index, entry) in series.enumerated() {
      let color = Self.colors[index % Self.colors.count]
      let top = plotTop + 26 + Double(index) * 24
      lines.append(
        "<line x1=\"\(f(left))\" y1=\"\(f(top))\" x2=\"\(f(left + 28))\" y2=\"\(f(top))\" "
          + "stroke=\"\(color)\" stroke-width=\"2.5\"/>")
      lines.append("<circle cx=\"\(f(left + 14))\" cy=\"\(f(top))\" r=\"4\" fill=\"\(color)\"/>")
      lines.append(text(entry.name, x: left + 38, y: top + 4, attributes: ""))
    }
    return lines
  }

  private func text(_ content: String, x: Double, y: Double, attributes: String) -> String {
    let extra = attributes.isEmpty ? "" : " " + attributes
    return "<text x=\"\(f(x))\" y=\"\(f(y))\"\(extra)>\(XMLEscaping.escaped(content))</text>"
  }

  /// A coordinate with one decimal: stable output, sub-pixel precision.
  private func f(_ value: Double) -> String {
    BenchResult.rounded(value, digits: 1)
  }
}
