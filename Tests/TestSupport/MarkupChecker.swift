/// A strict check that the SVG and HTML renderers' output parses, for tests and the `render`
/// fuzz target (which compiles this file into its harness, so it imports nothing).
///
/// It checks what makes a viewer reject a picture: every character is one XML allows, tags
/// nest and close, attribute values are quoted and unique per element, `&` starts a known
/// entity or a character reference to an allowed character, text holds no `<`, and there is
/// one root element. It is not a general parser: beyond a leading `<?xml …?>` it knows no
/// declarations, comments or CDATA, which the renderers never write. HTML is checked by its
/// body, which the renderer writes as XML, plus its class names as CSS selectors.
public enum MarkupChecker {
  /// What is wrong with `document` as XML, with the scalar offset where it was found; `nil`
  /// when it is well-formed. A fragment may hold several top-level elements and text.
  public static func xmlProblem(in document: String, isFragment: Bool = false) -> String? {
    var parser = Parser(scalars: Array(document.unicodeScalars), isFragment: isFragment)
    return parser.problem()
  }

  /// What is wrong with an HTML page the renderer wrote: its body as an XML fragment, and
  /// every class name as a CSS class selector; `nil` when nothing is.
  public static func htmlProblem(in page: String) -> String? {
    guard let bodyStart = page.firstRange(of: "<body>"), let bodyEnd = page.ranges(of: "</body>").last,
      bodyStart.upperBound <= bodyEnd.lowerBound
    else { return "no <body> … </body>" }
    let body = String(page[bodyStart.upperBound..<bodyEnd.lowerBound])
    if let problem = xmlProblem(in: body, isFragment: true) { return "body: \(problem)" }
    var rest = page[...]
    while let attribute = rest.firstRange(of: "class=\"") {
      rest = rest[attribute.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { return "an unterminated class attribute" }
      for name in rest[..<end].split(separator: " ") where !isCSSClassName(name) {
        return "class name \"\(name)\" is not a CSS class selector"
      }
      rest = rest[end...]
    }
    return nil
  }

  /// Whether `name` can follow a `.` in a CSS selector unescaped: `-?[_a-zA-Z][_a-zA-Z0-9-]*`.
  public static func isCSSClassName(_ name: Substring) -> Bool {
    var scalars = name.unicodeScalars[...]
    if scalars.first == "-" { scalars = scalars.dropFirst() }
    guard let first = scalars.first, first == "_" || isASCIILetter(first) else { return false }
    return scalars.allSatisfy { $0 == "_" || $0 == "-" || isASCIILetter($0) || isDigit($0) }
  }

  /// The characters XML 1.0 allows anywhere in a document.
  public static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// One pass over the scalars with a stack of open elements.
  private struct Parser {
    let scalars: [Unicode.Scalar]
    let isFragment: Bool
    var index = 0
    var open: [String] = []
    var rootElements = 0

    init(scalars: [Unicode.Scalar], isFragment: Bool) {
      self.scalars = scalars
      self.isFragment = isFragment
    }

    mutating func problem() -> String? {
      if let bad = scalars.firstIndex(where: { !MarkupChecker.isXMLCharacter($0) }) {
        return "U+\(String(scalars[bad].value, radix: 16, uppercase: true)) at \(bad) is not an XML character"
      }
      if !isFragment, starts(with: "<?xml") {
        guard let end = find("?>") else { return "an unterminated XML declaration" }
        index = end + 2
      }
      while index < scalars.count {
        let problem: String?
        switch scalars[index] {
        case "<":
          problem = scalars.count > index + 1 && scalars[index + 1] == "/" ? closingTag() : openingTag()
        case "&": problem = reference()
        case let scalar:
          let isSpace = scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
          problem =
            open.isEmpty && !isFragment && !isSpace ? "text outside the root element at \(index)" : nil
          index += 1
        }
        if let problem { return problem }
      }
      if let element = open.last { return "<\(element)> is never closed" }
      if !isFragment, rootElements != 1 { return "\(rootElements) root elements" }
      return nil
    }

    private mutating func openingTag() -> String? {
      let start = index
      index += 1
      guard let name = name() else { return "a tag without a name at \(start)" }
      var attributes: Set<String> = []
      while true {
        skipSpaces()
        guard index < scalars.count else { return "an unterminated <\(name)> tag" }
        if starts(with: "/>") {
          index += 2
          if open.isEmpty { rootElements += 1 }
          return nil
        }
        if scalars[index] == ">" {
          index += 1
          if open.isEmpty { rootElements += 1 }
          open.append(name)
          return nil
        }
        guard let attribute = self.name() else { return "a bad attribute in <\(name)> at \(index)" }
        guard attributes.insert(attribute).inserted else { return "\(attribute) twice in <\(name)>" }
        guard index < scalars.count, scalars[index] == "=" else { return "\(attribute) without a value" }
        index += 1
        guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
          return "\(attribute)'s value is not quoted"
        }
        let quote = scalars[index]
        index += 1
        while index < scalars.count, scalars[index] != quote {
          if scalars[index] == "<" { return "< in the value of \(attribute) at \(index)" }
          if scalars[index] == "&" {
            if let problem = reference() { return problem }
          } else {
            index += 1
          }
        }
        guard index < scalars.count else { return "an unterminated value of \(attribute)" }
        index += 1
      }
    }

    private mutating func closingTag() -> String? {
      let start = index
      index += 2
      guard let name = name() else { return "a closing tag without a name at \(start)" }
      skipSpaces()
      guard index < scalars.count, scalars[index] == ">" else { return "an unterminated </\(name)>" }
      index += 1
      guard let expected = open.popLast() else { return "</\(name)> closes nothing at \(start)" }
      return expected == name ? nil : "</\(name)> closes <\(expected)> at \(start)"
    }

    /// `&name;`, `&#digits;` or `&#xhex;` naming an allowed character.
    private mutating func reference() -> String? {
      let start = index
      index += 1
      guard let semicolon = scalars[index...].prefix(12).firstIndex(of: ";") else {
        return "a bare & at \(start)"
      }
      let body = String(String.UnicodeScalarView(scalars[index..<semicolon]))
      index = semicolon + 1
      if ["lt", "gt", "amp", "quot", "apos"].contains(body) { return nil }
      let value: UInt32? =
        body.hasPrefix("#x")
        ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst()) : nil
      guard let value, let scalar = Unicode.Scalar(value), MarkupChecker.isXMLCharacter(scalar) else {
        return "&\(body); at \(start) is not a character XML allows"
      }
      return nil
    }

    private mutating func name() -> String? {
      let start = index
      while index < scalars.count {
        let scalar = scalars[index]
        let isNameCharacter =
          MarkupChecker.isASCIILetter(scalar) || scalar == "_" || scalar == ":"
          || (index > start && (MarkupChecker.isDigit(scalar) || scalar == "-" || scalar == "."))
        guard isNameCharacter else { break }
        index += 1
      }
      return index > start ? String(String.UnicodeScalarView(scalars[start..<index])) : nil
    }

    private mutating func skipSpaces() {
      while index < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[index]) { index += 1 }
    }

    private func starts(with text: String) -> Bool {
      let prefix = Array(text.unicodeScalars)
      return scalars.count >= index + prefix.count && Array(scalars[index..<index + prefix.count]) == prefix
    }

    private func find(_ text: String) -> Int? {
      let pattern = Array(text.unicodeScalars)
      guard scalars.count >= pattern.count else { return nil }
      return (index...(scalars.count - pattern.count)).first {
        Array(scalars[$0..<$0 + pattern.count]) == pattern
      }
    }
  }
}
