import ChatTranscriptMessages
import CommandLineSupport
import TextLayout

/// A layout in pixels with real fonts: what `--font PATH [--font PATH ...] --size PX` asks of
/// `transcript layout` and `transcript render --format svg`.
struct PointLayout {
  /// The font size when `--size` is not given, in pixels.
  static let defaultSize = 15.0
  /// The width when `--width` is not given, in pixels: a phone's.
  static let defaultWidth = 390
  /// What `--theme` is when not given.
  static let defaultThemeName = "phone"

  /// The first font: it draws every character it has, and its ascender places baselines.
  let font: Font
  /// Measures with the fonts in order at the size.
  let measurer: PointTextMeasurer
  /// The family name the SVG names (the first font file's base name).
  let familyName: String
  let theme: any MessagesTheme
  let configuration: MessageLayoutConfiguration
  let decoration: MessagesDecorator.Configuration

  /// The height of one line of text, in pixels.
  var lineHeight: Double { measurer.lineHeight }

  /// The layout `--font`, `--size` and `--theme` ask for; `nil` after saying on stderr which
  /// font could not be read.
  ///
  /// - Throws: a usage error for a size out of range or an unknown theme.
  static func load(fontPaths: [String], parsed: ParsedArguments, tool: String) throws(UsageError)
    -> PointLayout?
  {
    let size = try parsed.number("size", in: 0.01...10_000, default: defaultSize)
    let themeName = parsed.values["theme"] ?? defaultThemeName
    let isPhone = themeName == defaultThemeName
    let theme: any MessagesTheme = isPhone ? PhoneTheme() : try themeWithPhone(named: themeName)
    guard let fonts = FontFiles.load(fontPaths, tool: tool) else { return nil }
    return PointLayout(
      font: fonts[0],
      measurer: PointTextMeasurer(font: fonts[0], fallbacks: Array(fonts.dropFirst()), size: size),
      familyName: FontFiles.familyName(ofFontAt: fontPaths[0]), theme: theme,
      configuration: isPhone ? .phone : MessageLayoutConfiguration(),
      decoration: isPhone ? .phone : MessagesDecorator.Configuration())
  }

  /// The terminal theme `name`, or a usage error listing every theme a font layout takes.
  private static func themeWithPhone(named name: String) throws(UsageError) -> any MessagesTheme {
    guard let theme = MessagesKit.themesByName[name] else {
      let names = ([defaultThemeName] + MessagesKit.themesByName.keys).sorted().joined(separator: ", ")
      throw UsageError("--theme must be one of \(names), not \"\(name)\"")
    }
    return theme
  }

  /// A usage error for `--size` or a `phone` theme without `--font`: both lay out in pixels.
  static func checkNoFontOptions(_ parsed: ParsedArguments) throws(UsageError) {
    if parsed.values["size"] != nil { throw UsageError("--size needs --font") }
    if parsed.values["theme"] == defaultThemeName {
      throw UsageError("--theme \(defaultThemeName) needs --font: its sizes are pixels")
    }
  }
}
