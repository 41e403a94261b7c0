import ChatTranscript

extension StreamItem {
  /// A field of an item that the wire format does not define, kept as JSON text.
  ///
  /// A backend's own item types carry fields of their own, such as the `"question"` and `"options"` of
  /// a poll. The decoder keeps every such field of an item, and the encoder writes it back exactly, so
  /// the item passes through a transcript unchanged; presenters read the values with
  /// ``StreamItem/string(forExtraField:)`` and the other typed readers.
  ///
  /// A field always holds valid text: `json` is one JSON value, without whitespace around it or line
  /// breaks in it, and `name` is never one of the item's own fields, which have properties of their
  /// own. Fields compare by their text, so `1.5e3` and `1500` are different values, and so are two
  /// spellings of one key.
  public struct ExtraField: Sendable, Hashable {
    /// The key, unescaped: the name to look the field up by.
    public let name: String
    /// The key as written between its quotes, escapes included: what the encoder writes back.
    ///
    /// The same as `name` unless the key had escapes (`"\u0071uestion"` for `question`).
    public let rawName: String
    /// The value's JSON text: the bytes of the line from the value's first character to its last.
    ///
    /// Line feeds and carriage returns between tokens become spaces, so that the field fits in one
    /// line of a stream; inside strings they are escapes already. Everything else is kept as it was
    /// written: escapes, number spellings such as `1.50e3`, spaces.
    public let json: String

    /// Creates a field from its name and the JSON text of its value.
    ///
    /// The encoder writes the name with the escapes it uses for every string.
    ///
    /// - Parameters:
    ///   - name: The key. It must not be one of the item's own fields (`"id"`, `"type"`, `"sender"`,
    ///     `"incoming"`, `"date"`, `"status"`, `"text"`, `"width"`, `"height"`, `"caption"`).
    ///   - json: One JSON value, such as `#"["pizza","sushi"]"#`. Whitespace around it is dropped and
    ///     line breaks in it become spaces, as when a line is decoded. Its nesting counts toward the
    ///     line's limit of 64 levels, in which the item is the second level (the third in a prepend).
    /// - Returns: `nil` when `name` is an item field or `json` is not exactly one JSON value.
    /// - Complexity: O(*n*) in the length of `json`.
    public init?(name: String, json: String) {
      var name = name
      guard name.withUTF8({ WireKey(UnsafeRawBufferPointer($0)) })?.isItemField != true else { return nil }
      var json = json
      let text = json.withUTF8 { bytes -> String? in
        var scanner = JSONScanner(bytes: UnsafeRawBufferPointer(bytes))
        guard let range = try? scanner.onlyValue() else { return nil }
        return scanner.rawText(in: range)
      }
      guard let text else { return nil }
      self.init(name: name, rawName: String(StreamEncoder.quoted(name).dropFirst().dropLast()), json: text)
    }

    /// Creates a field from text the decoder has checked.
    init(name: String, rawName: String, json: String) {
      self.name = name
      self.rawName = rawName
      self.json = json
    }
  }

  /// The JSON text of the first extra field named `name`, or `nil` when the item has none.
  ///
  /// Names match by their UTF-8 bytes, as JSON compares keys: `"café"` and `"cafe\u{301}"` are two
  /// fields, although Swift's `==` would call them equal.
  ///
  /// - Parameter name: The key, unescaped.
  /// - Complexity: O(*k*) in the number of extra fields.
  public func extraField(_ name: String) -> String? {
    extraFields.first { $0.name.hasSameBytes(as: name) }?.json
  }

  /// The extra field `name` as a string.
  ///
  /// - Parameter name: The key, unescaped.
  /// - Returns: The string, unescaped; `nil` when the item has no such field or its value is not a
  ///   JSON string (`null` included).
  /// - Complexity: O(*k* + *n*) for *k* extra fields and a value of *n* bytes.
  public func string(forExtraField name: String) -> String? {
    readExtraField(name) { scanner throws(StreamDecodingError) in
      scanner.nextValueKind == .string ? try scanner.string() : nil
    }
  }

  /// The extra field `name` as an array of strings, such as the options of a poll.
  ///
  /// - Parameter name: The key, unescaped.
  /// - Returns: The strings in order, unescaped; `nil` when the item has no such field, or its value
  ///   is not an array, or an element of the array is not a string.
  /// - Complexity: O(*k* + *n*) for *k* extra fields and a value of *n* bytes.
  public func strings(forExtraField name: String) -> [String]? {
    readExtraField(name) { scanner throws(StreamDecodingError) in
      guard scanner.nextValueKind == .array else { return nil }
      var strings: [String] = []
      guard try scanner.beginArray() else { return strings }
      repeat {
        guard scanner.nextValueKind == .string else { return nil }
        strings.append(try scanner.string())
      } while try scanner.nextElement()
      return strings
    }
  }

  /// The extra field `name` as a number.
  ///
  /// - Parameter name: The key, unescaped.
  /// - Returns: The nearest `Double` (infinite beyond its range, as for every number of the wire
  ///   format); `nil` when the item has no such field or its value is not a JSON number.
  /// - Complexity: O(*k* + *n*) for *k* extra fields and a value of *n* bytes.
  public func number(forExtraField name: String) -> Double? {
    readExtraField(name) { scanner throws(StreamDecodingError) in
      scanner.nextValueKind == .number ? try scanner.number() : nil
    }
  }

  /// The extra field `name` as `true` or `false`.
  ///
  /// - Parameter name: The key, unescaped.
  /// - Returns: The value; `nil` when the item has no such field or its value is not `true` or `false`.
  /// - Complexity: O(*k*) in the number of extra fields.
  public func bool(forExtraField name: String) -> Bool? {
    readExtraField(name) { scanner throws(StreamDecodingError) in
      scanner.nextValueKind == .bool ? try scanner.bool() : nil
    }
  }

  /// Runs `read` with a scanner at the value of the first extra field named `name`.
  ///
  /// The text was checked when the field was made, so `read` only decides whether the value has the
  /// shape it wants.
  private func readExtraField<Value>(
    _ name: String, _ read: (inout JSONScanner) throws(StreamDecodingError) -> Value?
  ) -> Value? {
    guard var json = extraField(name) else { return nil }
    return json.withUTF8 { bytes in
      var scanner = JSONScanner(bytes: UnsafeRawBufferPointer(bytes))
      return try? read(&scanner)
    }
  }
}
