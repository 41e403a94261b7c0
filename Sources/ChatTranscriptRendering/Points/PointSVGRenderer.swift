import ChatTranscript
import TextLayout

/// Draws a transcript laid out in points (a ``PointScene``) as an SVG image at real sizes: text
/// in the font it was measured with, each line on its baseline (the line's top plus the font's
/// ascender), bubbles as rounded rectangles, avatars and buttons as circles with their text
/// centred, tails as small triangles in their bubble's colour.
///
/// Each text element names the font family and carries its measured width (`textLength`), so a
/// viewer without the font still fills each line's measured extent. Every text and attribute
/// value is escaped; message text cannot add elements or scripts.
public struct PointSVGRenderer: Sendable {
  /// The measurer the transcript was laid out with; it gives each line's exact width.
  public var measurer: PointTextMeasurer
  /// The `font-family` written: the family name given, then a generic fallback.
  public var fontFamily: String
  /// The font's ascender at the measurer's size: from a line's top to its baseline.
  public var ascender: Double
  public var palette: RenderPalette
  /// The corner radius of bubbles, at most half their height.
  public var cornerRadius = 14.0

  /// - Parameters:
  ///   - measurer: The measurer the transcript was laid out with.
  ///   - font: The font `measurer` measures with first: its ascender places the baselines.
  ///   - familyName: The font's family as a viewer knows it (a file's base name will do);
  ///     characters other than letters, digits, spaces, `-`, `_` and `.` are left out, and
  ///     `sans-serif` follows it.
  public init(
    measurer: PointTextMeasurer, font: Font, familyName: String, palette: RenderPalette = .standard
  ) {
    self.measurer = measurer
    let name = String(
      familyName.unicodeScalars.filter {
        $0.properties.isAlphabetic || $0.properties.numericType != nil || " -_.".unicodeScalars.contains($0)
      }.map(Character.init))
    fontFamily = name.isEmpty ? "sans-serif" : "'\(name)', sans-serif"
    ascender =
      font.unitsPerEm > 0
      ? Double(font.ascender) * measurer.size / Double(font.unitsPerEm) : measurer.lineHeight
    self.palette = palette
  }

  /// A whole document of one scene.
  public func render(_ scene: PointScene) -> String {
    documentStart(width: scene.width, height: scene.height) + elements(of: scene, yOffset: 0) + documentEnd
  }

  /// The opening of a document `width` × `height` points: the `<svg>` element and the canvas.
  ///
  /// With ``elements(of:yOffset:)`` and ``documentEnd`` it draws a document a page at a time.
  public func documentStart(width: Double, height: Double) -> String {
    let (width, height) = (Self.number(width), Self.number(height))
    var start =
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
      + #"viewBox="0 0 \#(width) \#(height)" font-family="\#(markupEscaped(fontFamily))" "#
      + #"font-size="\#(Self.number(measurer.size))">"# + "\n"
    if let background = palette.canvas.background {
      start += #"<rect width="100%" height="100%" fill="\#(background.hex)"/>"# + "\n"
    }
    return start
  }

  /// The scene's elements, one per line, moved down `yOffset` points (the page's top).
  public func elements(of scene: PointScene, yOffset: Double) -> String {
    var lines: [String] = []
    // A button's text is centred in the box drawn just before it.
    var button: (frame: Rect, style: String)?
    for element in scene.elements {
      switch element {
      case .box(let frame, let style):
        let frame = Self.moved(frame, by: yOffset)
        button = (frame, style)
        if let shape = box(frame, style: style) { lines.append(shape) }
        continue
      case .text(let text, let x, let y, let width, let style):
        if style == "tail" {
          lines.append(
            contentsOf: tail(text, x: x, y: y + yOffset, width: width, scene: scene).map { [$0] } ?? [])
        } else if let button, button.style == style {
          let circle = Self.circle(in: button.frame)
          lines.append(
            textElement(
              text, x: circle.centerX, y: button.frame.minY + (button.frame.height - scene.lineHeight) / 2,
              style: style, anchor: "middle"))
        } else {
          lines.append(textElement(text, x: x, y: y + yOffset, style: style, anchor: nil))
        }
      case .image(let description, let frame, let style):
        let frame = Self.moved(frame, by: yOffset)
        let stroke = (palette.style(named: style)?.foreground ?? palette.canvas.foreground)?.hex ?? "#888888"
        let (x, y) = (Self.number(frame.minX + 1), Self.number(frame.minY + 1))
        let (width, height) = (Self.number(max(frame.width - 2, 0)), Self.number(max(frame.height - 2, 0)))
        let radius = Self.number(radius(of: frame))
        lines.append(
          #"<rect x="\#(x)" y="\#(y)" width="\#(width)" height="\#(height)" rx="\#(radius)" "#
            + #"fill="none" stroke="\#(stroke)" stroke-dasharray="4 3"/>"#)
        lines.append(
          textElement(
            description, x: frame.minX + frame.width / 2,
            y: frame.minY + (frame.height - scene.lineHeight) / 2,
            style: style, anchor: "middle"))
      case .selection(let frame):
        guard let fill = palette.style(named: RenderPalette.selectionStyleName)?.background else { break }
        let frame = Self.moved(frame, by: yOffset)
        lines.append(Self.rect(frame, radius: 0, fill: fill.hex, style: RenderPalette.selectionStyleName))
      }
      button = nil
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// What closes a document.
  public var documentEnd: String { "</svg>\n" }

  /// A filled box: a circle for avatars and the failed icon, else a rounded rectangle.
  private func box(_ frame: Rect, style: String) -> String? {
    guard let fill = palette.style(named: style)?.background else { return nil }
    if style == "avatar" || style == "failed" {
      let circle = Self.circle(in: frame)
      return
        #"<circle cx="\#(Self.number(circle.centerX))" cy="\#(Self.number(circle.centerY))" "#
        + #"r="\#(Self.number(circle.radius))" fill="\#(fill.hex)" class="\#(cssClassName(style))"/>"#
    }
    return Self.rect(frame, radius: radius(of: frame), fill: fill.hex, style: style)
  }

  /// A tail label (`◀` incoming, `▶` outgoing) as a triangle from the bubble's bottom corner
  /// (under its rounding) out `width` along the bottom of its line, in the bubble's colour;
  /// `nil` for another text.
  private func tail(_ text: String, x: Double, y: Double, width: Double, scene: PointScene) -> String? {
    let incoming = text == "◀"
    guard incoming || text == "▶", width > 0,
      let fill = palette.style(named: incoming ? "bubble.incoming" : "bubble.outgoing")?.background
    else { return nil }
    let bottom = y + scene.lineHeight
    let (tip, base, inward) = incoming ? (x, x + width, cornerRadius) : (x + width, x, -cornerRadius)
    let points = [(base, bottom - scene.lineHeight * 0.6), (base + inward, bottom), (tip, bottom)]
      .map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
    return #"<polygon points="\#(points)" fill="\#(fill.hex)" class="tail"/>"#
  }

  private func textElement(_ text: String, x: Double, y: Double, style: String?, anchor: String?) -> String {
    let look = palette.style(named: style)
    let fill = (look?.foreground ?? palette.canvas.foreground)?.hex ?? "#000000"
    let weight = look?.isBold == true ? #" font-weight="bold""# : ""
    let anchored = anchor.map { #" text-anchor="\#($0)""# } ?? ""
    let width = measurer.measure(text, maxWidth: .infinity).widestLine
    let length = width > 0 ? #" textLength="\#(Self.number(width))" lengthAdjust="spacingAndGlyphs""# : ""
    return
      #"<text x="\#(Self.number(x))" y="\#(Self.number(y + ascender))" fill="\#(fill)"\#(weight)\#(anchored)"#
      + #"\#(length) xml:space="preserve">"# + markupEscaped(text) + "</text>"
  }

  private func radius(of frame: Rect) -> Double {
    max(min(cornerRadius, frame.width / 2, frame.height / 2), 0)
  }

  private static func rect(_ frame: Rect, radius: Double, fill: String, style: String) -> String {
    #"<rect x="\#(number(frame.minX))" y="\#(number(frame.minY))" width="\#(number(frame.width))" "#
      + #"height="\#(number(frame.height))" rx="\#(number(radius))" fill="\#(fill)" class="\#(cssClassName(style))"/>"#
  }

  /// The largest circle at the left of `frame`, vertically centred.
  private static func circle(in frame: Rect) -> (centerX: Double, centerY: Double, radius: Double) {
    let radius = max(min(frame.width, frame.height), 0) / 2
    return (frame.minX + radius, frame.minY + frame.height / 2, radius)
  }

  private static func moved(_ frame: Rect, by yOffset: Double) -> Rect {
    Rect(x: frame.minX, y: frame.minY + yOffset, width: frame.width, height: frame.height)
  }

  /// A coordinate with at most two decimals and no trailing zeros (`17.46`, `8`); 0 when not
  /// finite.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = Int((min(max(value, -1e12), 1e12) * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let fraction = magnitude % 100
    guard fraction != 0 else { return sign + String(magnitude / 100) }
    let digits = fraction < 10 ? "0" + String(fraction) : String(fraction)
    return sign + String(magnitude / 100) + "." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
  }
}
