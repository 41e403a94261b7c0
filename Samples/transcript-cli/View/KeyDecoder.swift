/// Turns the bytes a terminal sends for key presses into ``Key``s.
///
/// Arrows and Home/End come as `ESC [ X` or, in application cursor mode, `ESC O X`;
/// PgUp/PgDn and, on some terminals, Home/End as `ESC [ n ~`. A sequence cut between two
/// reads is kept until the rest arrives; an escape at the end of a read, with nothing after
/// it, is the Escape key itself (terminals send a sequence in one write). A pure value:
/// tested without a terminal.
struct KeyDecoder {
  /// Bytes of an escape sequence whose end has not arrived yet.
  private var pending: [UInt8] = []
  /// Longer "sequences" are garbage; they are dropped rather than kept forever.
  private static let longestSequence = 16

  /// The keys in `bytes`, given what earlier reads left unfinished.
  mutating func keys(from bytes: [UInt8]) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var start = 0
    while start < pending.count {
      guard pending[start] == 0x1B else {
        keys.append(.byte(pending[start]))
        start += 1
        continue
      }
      guard start + 1 < pending.count else {
        keys.append(.other)  // the Escape key
        start += 1
        continue
      }
      let introducer = pending[start + 1]
      guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
        keys.append(.other)  // Alt and a key
        start += 2
        continue
      }
      // Parameter and intermediate bytes (0x20-0x3F), then one final byte (0x40-0x7E).
      var end = start + 2
      while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
      guard end < pending.count else {
        if pending.count - start > Self.longestSequence { start = pending.count }
        break  // the rest of the sequence is still on its way
      }
      keys.append(Self.key(introducer: introducer, body: Array(pending[(start + 2)...end])))
      start = end + 1
    }
    pending.removeFirst(start)
    return keys
  }

  /// The key an escape sequence stands for; `body` is everything after `ESC [` or `ESC O`.
  private static func key(introducer: UInt8, body: [UInt8]) -> Key {
    switch String(decoding: body, as: UTF8.self) {
    case "A": .up
    case "B": .down
    case "H", "1~", "7~": .home
    case "F", "4~", "8~": .end
    case "5~" where introducer == UInt8(ascii: "["): .pageUp
    case "6~" where introducer == UInt8(ascii: "["): .pageDown
    default: .other
    }
  }
}
