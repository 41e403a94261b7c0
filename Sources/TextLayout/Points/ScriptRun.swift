/// The script of the run a scalar belongs to, as far as kerning needs it.
///
/// Shapers kern within runs of one script and choose the `kern` lookups by that script. Chat text
/// needs two cases (see ``KerningTables``): Latin and everything else. Common and inherited
/// scalars (spaces, digits, punctuation, symbols, marks) join the run they are in; a run that
/// has only those so far kerns as Latin.
enum ScriptRun: UInt8 {
  case undetermined
  case latin
  case other

  /// The script class of `value`: `.undetermined` for common and inherited scalars.
  ///
  /// A coarse table of blocks, enough to tell Latin from other letters: Latin letters are in
  /// ASCII, Latin-1, the Latin Extended blocks, IPA and the fullwidth forms; punctuation,
  /// symbols, marks, variation selectors and emoji are common.
  @inline(__always)
  static func of(_ value: UInt32) -> ScriptRun {
    if value < 0x80 {
      let letter = (value | 0x20) &- 0x61 < 26
      return letter ? .latin : .undetermined
    }
    switch value {
    case 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2AF: return .latin
    case 0x80...0xBF, 0xD7, 0xF7, 0x2B0...0x36F: return .undetermined
    case 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F: return .latin
    case 0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A: return .latin
    case 0x1DC0...0x1DFF, 0x2000...0x2BFF, 0x2E00...0x2E7F, 0x3000...0x303F: return .undetermined
    case 0xFE00...0xFE0F, 0xFE20...0xFE6F, 0xFF00...0xFFEF, 0xFFF0...0xFFFF: return .undetermined
    case 0x1F000...0x1FBFF, 0xE0000...0xE0FFF: return .undetermined
    default: return .other
    }
  }
}
