import ChatTranscriptStreams
import Foundation
import TextLayout

/// The `--font PATH` options the commands share: collected (they may repeat, unlike other
/// options) and read, with the errors said as every command says them.
public enum FontFiles {
  /// The values of every `--font` and the other arguments, in order; `--` ends the options as
  /// it does for ``ParsedArguments``.
  public static func options(in arguments: [String]) throws(UsageError) -> (fonts: [String], rest: [String]) {
    var fonts: [String] = []
    var rest: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" {
        rest += arguments[(index - 1)...]
        break
      }
      if argument == "--font" {
        guard index < arguments.count else { throw UsageError("--font needs a value") }
        fonts.append(arguments[index])
        index += 1
      } else if argument.hasPrefix("--font=") {
        fonts.append(String(argument.dropFirst("--font=".count)))
      } else {
        rest.append(argument)
      }
    }
    return (fonts, rest)
  }

  /// The fonts at `paths` (the first face of a collection), or `nil` after saying on stderr,
  /// after `tool: `, which one could not be read and why.
  public static func load(_ paths: [String], tool: String) -> [Font]? {
    var fonts: [Font] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path) else {
        printError("\(tool): cannot open font \(escapedForDiagnostics(path))")
        return nil
      }
      do {
        fonts.append(try Font(bytes: [UInt8](data)))
      } catch {
        printError("\(tool): \(escapedForDiagnostics(path)): \(error)")
        return nil
      }
    }
    return fonts
  }

  /// The family name a font file goes by in a drawing: its base name without the extension
  /// (`DejaVuSans` for `/usr/share/fonts/…/DejaVuSans.ttf`).
  public static func familyName(ofFontAt path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
  }
}
