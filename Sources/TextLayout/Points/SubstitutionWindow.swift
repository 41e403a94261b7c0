/// The glyphs of a stretch of text that GSUB substitutions change, shaped ahead of the
/// ``GlyphAdvancer`` that hands them out one scalar at a time.
///
/// A window starts at a scalar that may be substituted (an Arabic letter, or a glyph that
/// opens a ligature) and runs to the end of the word: it stops before a space, a line break, a
/// control, a scalar of another script (common and inherited scalars stay), a scalar its font
/// lacks, or after ``capacity`` scalars. Inside it, as HarfBuzz shapes a run:
/// 1. each scalar takes its font's glyph; default-ignorable scalars (joiners, variation
///    selectors, the soft hyphen) are hidden: no glyph, no advance;
/// 2. the lookups before the forms apply (Arabic's `ccmp` and `locl`);
/// 3. in Arabic, each letter takes its joining form by Unicode joining types: it joins the
///    letter before it when that one joins forward (dual-joining, left-joining or join-causing)
///    and it joins backward (dual- or right-joining, or join-causing), and likewise the letter
///    after it; transparent scalars (marks) are skipped when looking for neighbours. Joined on
///    both sides is `medi`, only before `fina`, only after `init`, neither `isol`;
/// 4. the remaining lookups apply in order, each over the whole window: a single substitution
///    replaces a glyph, a ligature replaces its first glyph and removes its components, skipping
///    hidden scalars and, when the lookup ignores marks, marks.
/// A ligature's advance then belongs to its first scalar; its other scalars advance by nothing.
struct SubstitutionWindow {
  static let capacity = 64

  /// Entry flags, above the glyph's 16 bits.
  static let hidden: UInt32 = 1 << 16
  static let removed: UInt32 = 1 << 17
  static let mark: UInt32 = 1 << 18
  private static let joiningShift: UInt32 = 20

  /// Per scalar of the window: the glyph and the flags above. Scratch memory of ``capacity``
  /// entries that the caller owns (on its stack: measuring allocates nothing), written here
  /// before it is read.
  private let entries: UnsafeMutablePointer<UInt32>
  private(set) var count = 0
  /// The next entry to hand out.
  private var next = 0
  /// The font of the window's glyphs.
  private(set) var font = 0
  /// The joining type of the last joining scalar of a window that ended at its capacity inside
  /// a word: the next window's first letter may join it.
  private var carriedJoining = ShapingProperties.JoiningType.nonJoining
  /// Where the last window ended.
  private var end = -1
  /// The end of the last scalar the last window read: the one after it that ended it, or one
  /// past the end of the text when the text ended it.
  private(set) var readEnd = 0

  /// A window over `storage`, which holds at least ``capacity`` entries and outlives it.
  init(storage: UnsafeMutableBufferPointer<UInt32>) {
    precondition(storage.count >= Self.capacity, "window storage too small")
    // Non-nil: the capacity is not 0.
    entries = storage.baseAddress.unsafelyUnwrapped
  }

  /// Whether entries remain to hand out.
  @inline(__always)
  var isActive: Bool { next < count }

  /// The next entry: the glyph in the low 16 bits and the flags.
  @inline(__always)
  mutating func take() -> UInt32 {
    let entry = entries[next]
    next &+= 1
    return entry
  }

  /// Shapes the window that starts with the scalar at `offset`.
  ///
  /// - Parameters:
  ///   - bytes: the text.
  ///   - offset: where the first scalar starts; it maps to a glyph of `font`.
  ///   - font: the font of the first scalar, in `chain`.
  ///   - script: the script class of the run: Arabic, Latin or other.
  ///   - chain: the fonts.
  /// - Complexity: O(n × l) for n scalars (at most ``capacity``) and l lookups that may apply.
  mutating func shape(
    _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, font: Int, script: ShapingProperties.ScriptClass,
    chain: FontChain
  ) {
    let set = chain.substitutions(font, script: script)
    self.font = font
    count = 0
    next = 0
    if offset != end { carriedJoining = .nonJoining }
    var index = offset
    var followingJoining = ShapingProperties.JoiningType.nonJoining
    while index < bytes.count {
      let scalar = UTF8Decoding.decode(bytes, at: index)
      readEnd = index &+ scalar.length
      let value = scalar.value
      let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: value))
      let shaping = ShapingProperties(value)
      if Self.endsWindow(value, properties, shaping, script: script) { break }
      if count == Self.capacity {
        followingJoining = shaping.joiningType
        break
      }
      var entry: UInt32
      if GlyphAdvancer.isHidden(value, properties) {
        entry = Self.hidden
      } else {
        let (glyphFont, glyph, glyphEntry) = chain.glyph(for: value)
        guard glyphFont == font, glyph != 0 else { break }
        entry = UInt32(glyph)
        if GlyphAdvancer.isMark(glyphEntry, properties, chain: chain, font: font) { entry |= Self.mark }
      }
      entry |= UInt32(shaping.joiningType.rawValue) << Self.joiningShift
      entries[count] = entry
      count &+= 1
      index &+= scalar.length
    }
    end = index
    // A window that runs to the end of the text looked for a scalar after it.
    if index == bytes.count { readEnd = index &+ 1 }
    if set.lookupsBeforeForms > 0 { apply(set.lookups[..<set.lookupsBeforeForms], set: set, chain: chain) }
    if !set.forms.isEmpty { applyForms(set.forms, following: followingJoining) }
    carriedJoining = count == Self.capacity ? lastJoining() : .nonJoining
    if set.lookups.count > set.lookupsBeforeForms {
      apply(set.lookups[set.lookupsBeforeForms...], set: set, chain: chain)
    }
  }

  /// Whether the scalar does not belong to a window of `script`.
  @inline(__always)
  private static func endsWindow(
    _ value: UInt32, _ properties: ScalarProperties, _ shaping: ShapingProperties,
    script: ShapingProperties.ScriptClass
  ) -> Bool {
    if value < 0x20 || value &- 0x7F < 0x21 { return true }
    switch properties.lineBreakClass {
    case .space, .mandatoryBreak, .carriageReturn, .lineFeed, .nextLine, .zeroWidthSpace: return true
    default: break
    }
    if shaping.isSpaceOrHyphen { return true }
    switch shaping.scriptClass {
    case .common, .inherited: return false
    case .ideographic: return script != .other
    case let own: return own != script
    }
  }

  private func joining(_ entry: UInt32) -> ShapingProperties.JoiningType {
    ShapingProperties.JoiningType(rawValue: UInt8(truncatingIfNeeded: entry >> Self.joiningShift & 0x7))
      ?? .nonJoining
  }

  private func lastJoining() -> ShapingProperties.JoiningType {
    var index = count - 1
    while index >= 0 {
      let type = joining(entries[index])
      if type != .transparent { return type }
      index -= 1
    }
    return carriedJoining
  }

  /// Step 3: the joining forms.
  private mutating func applyForms(_ forms: [[UInt16]], following: ShapingProperties.JoiningType) {
    var previous = carriedJoining
    var index = 0
    while index < count {
      let type = joining(entries[index])
      guard type != .transparent else {
        index &+= 1
        continue
      }
      // The next scalar that is not transparent, in the window or just after it.
      var nextIndex = index &+ 1
      while nextIndex < count && joining(entries[nextIndex]) == .transparent { nextIndex &+= 1 }
      let next = nextIndex < count ? joining(entries[nextIndex]) : following
      let joinsBefore = Self.joinsForward(previous) && Self.joinsBackward(type)
      let joinsAfter = Self.joinsForward(type) && Self.joinsBackward(next)
      let entry = entries[index]
      if type != .nonJoining && entry & Self.hidden == 0 {
        let form: GlyphSubstitutions.JoiningForm =
          joinsBefore ? (joinsAfter ? .medial : .final) : (joinsAfter ? .initial : .isolated)
        let map = forms[form.rawValue]
        let glyph = Int(entry & 0xFFFF)
        if glyph < map.count && map[glyph] != 0 {
          entries[index] = entry & ~0xFFFF | UInt32(map[glyph])
        }
      }
      previous = type
      index = nextIndex
    }
  }

  private static func joinsForward(_ type: ShapingProperties.JoiningType) -> Bool {
    type == .dualJoining || type == .leftJoining
  }

  private static func joinsBackward(_ type: ShapingProperties.JoiningType) -> Bool {
    type == .dualJoining || type == .rightJoining
  }

  /// Steps 2 and 4: each lookup over the whole window, in order.
  private mutating func apply(
    _ lookups: ArraySlice<GlyphSubstitutions.Lookup>, set: GlyphSubstitutions.LookupSet, chain: FontChain
  ) {
    // Most windows hold no glyph any lookup starts with.
    var any = false
    for index in 0..<count where set.mayChange(UInt16(truncatingIfNeeded: entries[index])) {
      any = true
      break
    }
    guard any else { return }
    for lookup in lookups {
      var index = 0
      while index < count {
        let entry = entries[index]
        let glyph = UInt16(truncatingIfNeeded: entry)
        index &+= 1
        guard entry & (Self.hidden | Self.removed) == 0, set.mayChange(glyph),
          !(lookup.ignoresMarks && entry & Self.mark != 0)
        else { continue }
        if let substitute = lookup.singles[glyph] {
          entries[index &- 1] = replaced(entry, by: substitute, chain: chain)
        } else if let ligatures = lookup.ligatures[glyph] {
          for ligature in ligatures {
            if let end = match(ligature.components, from: index, ignoringMarks: lookup.ignoresMarks) {
              entries[index &- 1] = replaced(entry, by: ligature.glyph, chain: chain)
              remove(ligature.components.count, from: index, ignoringMarks: lookup.ignoresMarks)
              index = end
              break
            }
          }
        }
      }
    }
  }

  private func replaced(_ entry: UInt32, by glyph: UInt16, chain: FontChain) -> UInt32 {
    let isMark = chain.isMark(glyph, font: font)
    return entry & ~(0xFFFF | Self.mark) | UInt32(glyph) | (isMark ? Self.mark : 0)
  }

  /// Whether `components` follow from `start`, skipping what the lookup skips; the index after
  /// the last one when they do.
  private func match(_ components: [UInt16], from start: Int, ignoringMarks: Bool) -> Int? {
    var index = start
    for component in components {
      while index < count && skips(entries[index], ignoringMarks: ignoringMarks) { index &+= 1 }
      guard index < count, UInt16(truncatingIfNeeded: entries[index]) == component else { return nil }
      index &+= 1
    }
    return index
  }

  private mutating func remove(_ components: Int, from start: Int, ignoringMarks: Bool) {
    var index = start
    var left = components
    while left > 0 {
      if !skips(entries[index], ignoringMarks: ignoringMarks) {
        entries[index] = entries[index] & ~0xFFFF | Self.removed
        left -= 1
      }
      index &+= 1
    }
  }

  @inline(__always)
  private func skips(_ entry: UInt32, ignoringMarks: Bool) -> Bool {
    entry & (Self.hidden | Self.removed) != 0 || (ignoringMarks && entry & Self.mark != 0)
  }
}
