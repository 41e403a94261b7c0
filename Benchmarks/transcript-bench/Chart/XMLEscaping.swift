/// Text made safe for SVG (XML) content and attribute values.
///
/// Every string in the chart goes through this — scenario names are ours, but the title carries
/// an input file name, which may hold anything.
enum XMLEscaping {
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default:
        // Control characters other than tab and newline are not allowed in XML 1.0 at all.
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
          scalar.value < 0x20, scalar != "\t", scalar != "\n"
        {
          result += "\u{FFFD}"
        } else {
          result.append(character)
        }
      }
    }
    return result
  }
}
