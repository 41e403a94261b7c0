/// One scalar decoded from UTF-8 bytes.
struct DecodedScalar {
  /// The scalar value; U+FFFD for an ill-formed sequence.
  var value: UInt32
  /// The bytes consumed: the scalar's encoding, or the maximal ill-formed subpart.
  var length: Int
  /// False when `value` is a replacement for ill-formed bytes.
  var isValid: Bool
}

enum UTF8Decoding {
  /// Decodes the scalar that starts at `index`, replacing ill-formed input with U+FFFD.
  ///
  /// Follows the "maximal subpart" practice of the Unicode Standard (section 3.9, table
  /// 3-7), as `String(decoding:as:)` does: an ill-formed sequence is replaced by one
  /// U+FFFD per maximal prefix of a well-formed sequence, or per lone bad byte. Measuring
  /// bytes and measuring `String(decoding: bytes, as: UTF8.self)` therefore agree.
  ///
  /// - Precondition: `index < bytes.count`.
  /// - Complexity: O(1).
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> DecodedScalar {
    let lead = bytes[index]
    if lead < 0x80 {
      return DecodedScalar(value: UInt32(lead), length: 1, isValid: true)
    }
    return decodeMultibyte(bytes, at: index, lead: lead)
  }

  /// The non-ASCII part of ``decode(_:at:)`` for the scanner's loop, inlined there: a
  /// well-formed sequence (by far the most common input) is decoded in a few instructions,
  /// anything else by ``decodeMultibyte(_:at:lead:)``.
  ///
  /// A sequence is well formed when its continuation bytes are 0x80…0xBF and its value is
  /// in the range of its length, outside the surrogates: the same conditions as table 3-7's
  /// narrower second-byte ranges after E0, ED, F0 and F4, which exclude overlong forms,
  /// surrogates and values past U+10FFFF.
  ///
  /// - Precondition: `index < bytes.count` and `lead == bytes[index]` ≥ 0x80.
  @inline(__always)
  static func decodeNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8) -> DecodedScalar
  {
    let count = bytes.count
    if lead &- 0xC2 < 0x1E && index &+ 1 < count {
      let second = bytes[index &+ 1]
      if second & 0xC0 == 0x80 {
        let value = UInt32(lead & 0x1F) &<< 6 | UInt32(second & 0x3F)
        return DecodedScalar(value: value, length: 2, isValid: true)
      }
    } else if lead & 0xF0 == 0xE0 && index &+ 2 < count {
      let second = bytes[index &+ 1]
      let third = bytes[index &+ 2]
      if second & 0xC0 == 0x80 && third & 0xC0 == 0x80 {
        let value = UInt32(lead & 0x0F) &<< 12 | UInt32(second & 0x3F) &<< 6 | UInt32(third & 0x3F)
        if value >= 0x800 && value & 0xF800 != 0xD800 {
          return DecodedScalar(value: value, length: 3, isValid: true)
        }
      }
    } else if lead & 0xF8 == 0xF0 && index &+ 3 < count {
      let second = bytes[index &+ 1]
      let third = bytes[index &+ 2]
      let fourth = bytes[index &+ 3]
      if second & 0xC0 == 0x80 && third & 0xC0 == 0x80 && fourth & 0xC0 == 0x80 {
        let value =
          UInt32(lead & 0x07) &<< 18 | UInt32(second & 0x3F) &<< 12 | UInt32(third & 0x3F) &<< 6
          | UInt32(fourth & 0x3F)
        if value &- 0x10000 < 0x10_0000 {
          return DecodedScalar(value: value, length: 4, isValid: true)
        }
      }
    }
    return decodeMultibyte(bytes, at: index, lead: lead)
  }

  /// The non-ASCII part of ``decode(_:at:)``.
  static func decodeMultibyte(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8
  ) -> DecodedScalar {
    let replacement = UInt32(0xFFFD)
    // The length of the sequence and the allowed range of its second byte (table 3-7).
    let length: Int
    var secondLow: UInt8 = 0x80
    var secondHigh: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; secondLow = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; secondHigh = 0x9F
    case 0xF0: length = 4; secondLow = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; secondHigh = 0x8F
    default: return DecodedScalar(value: replacement, length: 1, isValid: false)
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    var consumed = 1
    while consumed < length {
      let position = index + consumed
      guard position < bytes.count else {
        return DecodedScalar(value: replacement, length: consumed, isValid: false)
      }
      let byte = bytes[position]
      let low = consumed == 1 ? secondLow : 0x80
      let high = consumed == 1 ? secondHigh : 0xBF
      guard byte >= low && byte <= high else {
        return DecodedScalar(value: replacement, length: consumed, isValid: false)
      }
      value = value << 6 | UInt32(byte & 0x3F)
      consumed += 1
    }
    return DecodedScalar(value: value, length: length, isValid: true)
  }
}
