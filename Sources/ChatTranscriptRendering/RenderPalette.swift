/// Colours and emphasis per view style name, shared by the terminal, SVG and HTML renderers.
///
/// Cells name their parts (`bubble.incoming`, `sender`, `failed`, …); the palette decides
/// how those look, so a renderer never needs to know a cell class. A name without an entry
/// falls back to its prefix before the first dot (`bubble.outgoing` → `bubble`), then to
/// nothing.
public struct RenderPalette: Sendable {
  /// A colour as 0xRRGGBB.
  public struct Color: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ rgb: UInt32) {
      red = UInt8(truncatingIfNeeded: rgb >> 16)
      green = UInt8(truncatingIfNeeded: rgb >> 8)
      blue = UInt8(truncatingIfNeeded: rgb)
    }

    /// `#rrggbb`, for SVG and CSS.
    public var hex: String {
      "#"
        + [red, green, blue].map { value in
          let digits = String(value, radix: 16)
          return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
  }

  /// How one style looks.
  public struct Style: Sendable, Hashable {
    public var foreground: Color?
    public var background: Color?
    public var isBold: Bool

    public init(foreground: Color? = nil, background: Color? = nil, isBold: Bool = false) {
      self.foreground = foreground
      self.background = background
      self.isBold = isBold
    }
  }

  /// The style of a selected row's band (see ``RenderScene/Element/selection(x:y:width:height:)``):
  /// its background is the highlight; a palette without it draws no highlight in colour.
  public static let selectionStyleName = "selected"

  public var styles: [String: Style]
  /// The page or terminal behind everything (SVG and HTML only; terminals keep their own).
  public var canvas: Style

  public init(styles: [String: Style], canvas: Style) {
    self.styles = styles
    self.canvas = canvas
  }

  /// The look of `name`, or of its prefix, or `nil`.
  public func style(named name: String?) -> Style? {
    guard let name else { return nil }
    if let style = styles[name] { return style }
    guard let dot = name.firstIndex(of: ".") else { return nil }
    return styles[String(name[..<dot])]
  }

  /// Calm colours that read on dark terminals and on paper alike.
  public static let standard = RenderPalette(
    styles: [
      "bubble.incoming": Style(foreground: Color(0xE8E8E8), background: Color(0x3A3D44)),
      "bubble.outgoing": Style(foreground: Color(0xFFFFFF), background: Color(0x1F5FAF)),
      "bubble": Style(foreground: Color(0xE8E8E8), background: Color(0x3A3D44)),
      "text": Style(),
      "sender": Style(foreground: Color(0xF0C060), isBold: true),
      "footer": Style(foreground: Color(0xA8B0C0)),
      "caption": Style(foreground: Color(0xD0D0D0)),
      "avatar": Style(foreground: Color(0x101010), background: Color(0x9ACD7A), isBold: true),
      "tail": Style(foreground: Color(0x7A8090)),
      "failed": Style(foreground: Color(0xFFFFFF), background: Color(0xC0392B), isBold: true),
      "status": Style(foreground: Color(0xA8B0C0)),
      "status.failed": Style(foreground: Color(0xFF6B5B), isBold: true),
      "separator": Style(foreground: Color(0xA8B0C0)),
      "notice": Style(foreground: Color(0xC8C8C8)),
      "typing": Style(foreground: Color(0xA8B0C0)),
      "photo": Style(foreground: Color(0xB0C4DE)),
      "unsupported": Style(foreground: Color(0xE0A040)),
      "text.deleted": Style(foreground: Color(0x8A909C)),
      "quote": Style(foreground: Color(0xB8C0D0)),
      "reactions": Style(foreground: Color(0xD0D0D0)),
      "selected": Style(background: Color(0x2F4466)),
    ],
    canvas: Style(foreground: Color(0xE8E8E8), background: Color(0x1B1D22)))
}
