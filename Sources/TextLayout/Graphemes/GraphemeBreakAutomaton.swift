/// The grapheme cluster rules compiled into a transition table.
///
/// Derived once from ``GraphemeBreakState`` by walking every reachable state with every
/// property, as ``LineBreakAutomaton`` is: a step is one table read. (19 states for
/// Unicode 15.0.)
///
/// Like ``LineBreakAutomaton``'s, the table is allocated once, written before ``shared``
/// is published and never changed or freed, hence `@unchecked Sendable`.
struct GraphemeBreakAutomaton: @unchecked Sendable {
  /// A state: an index into the table's rows.
  typealias State = UInt8

  private static let propertyCount = GraphemeBreakProperty.allCases.count
  private static let boundaryFlag: UInt8 = 0x80

  /// The state before the first scalar of a text (or of a segment).
  static let start: State = 0

  /// The table every measurer shares, built on first use.
  static let shared = GraphemeBreakAutomaton()

  /// `transitions[state * propertyCount + property]`: the next state in the low 7 bits,
  /// and the high bit set when a cluster starts with the scalar.
  private let transitions: UnsafeBufferPointer<UInt8>
  /// The state after a scalar whose property is `.other` (the same after any such scalar).
  let afterOther: State

  private init() {
    var states = [GraphemeBreakState()]
    var numbers = [GraphemeBreakState(): 0]
    var transitions: [UInt8] = []
    var row = 0
    while row < states.count {
      for property in GraphemeBreakProperty.allCases {
        var next = states[row]
        let startsCluster = next.startsCluster(property)
        let number: Int
        if let known = numbers[next] {
          number = known
        } else {
          number = states.count
          numbers[next] = number
          states.append(next)
        }
        transitions.append(UInt8(truncatingIfNeeded: number) | (startsCluster ? Self.boundaryFlag : 0))
      }
      row += 1
    }
    precondition(states.count < Int(Self.boundaryFlag), "grapheme automaton too large")
    let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: transitions.count)
    _ = table.initialize(from: transitions)
    self.transitions = UnsafeBufferPointer(table)
    afterOther =
      transitions[Int(Self.start) * Self.propertyCount + Int(GraphemeBreakProperty.other.rawValue)]
      & ~Self.boundaryFlag
  }

  /// Moves `state` over a scalar with `property`; true if a cluster starts with it.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func startsCluster(_ state: inout State, with property: GraphemeBreakProperty) -> Bool {
    let entry = transitions[Int(state) &* Self.propertyCount &+ Int(property.rawValue)]
    state = entry & ~Self.boundaryFlag
    return entry & Self.boundaryFlag != 0
  }
}
