/// The line-break rules compiled into a transition table.
///
/// ``LineBreakState`` states the rules; this table is derived from it once, by walking
/// every state reachable from the start with every class. A step is then one table read
/// instead of a cascade of comparisons, which is what makes measuring fast. The table is
/// small: 127 states for Unicode 15.0.
///
/// Layout, for speed: each state owns a row of 64 entries (one per class, padded), and a
/// state is represented by its row's offset in the table, so a step is an addition and
/// a load, with no multiplication, and the class can be masked into the row instead of
/// checked. An entry holds the next state's row offset and the action.
///
/// The table lives in memory that is allocated once, written before ``shared`` is
/// published and never written or freed afterwards, so sharing the pointer is safe
/// (`@unchecked Sendable`) and copying the automaton costs no reference counting.
struct LineBreakAutomaton: @unchecked Sendable {
  /// A state: the offset of its row in the table.
  typealias State = UInt16

  /// What one table entry says about the position before a scalar.
  private enum Action: UInt16 {
    case prohibited = 0  // BreakAction.prohibited
    case allowed = 1  // BreakAction.allowed
    case mandatory = 2  // BreakAction.mandatory
    /// `(PR | PO) × (OP | HY) NU`: prohibited if a number follows, allowed otherwise.
    case prohibitedBeforeNumber = 3
  }

  private static let rowLength = 64
  private static let actionShift: UInt16 = 14
  private static let stateMask: UInt16 = (1 << 14) - 1

  /// The state before the first scalar.
  static let start: State = 0

  /// The table every measurer shares, built on first use.
  static let shared = LineBreakAutomaton()

  /// `transitions[state + class]`: the next state in the low 14 bits and the ``Action``
  /// in the high 2.
  private let transitions: UnsafeBufferPointer<UInt16>
  /// The state after an AL scalar that LB9 does not absorb, whatever came before it.
  let afterAlphabetic: State
  /// The state after an NU scalar that LB9 does not absorb, whatever came before it.
  let afterNumeric: State

  private init() {
    precondition(LineBreakClass.allCases.count <= Self.rowLength, "too many line-break classes")
    var states = [LineBreakState()]
    var numbers = [LineBreakState(): 0]
    var entries: [(next: Int, action: Action)] = []
    var row = 0
    while row < states.count {
      for scalarClass in LineBreakClass.allCases {
        // The state after a scalar does not depend on the lookahead; the action may.
        var beforeNumber = states[row]
        let actionBeforeNumber = beforeNumber.advance(scalarClass) { true }
        var next = states[row]
        let action = next.advance(scalarClass) { false }
        let number: Int
        if let known = numbers[next] {
          number = known
        } else {
          number = states.count
          numbers[next] = number
          states.append(next)
        }
        let code: Action =
          switch (actionBeforeNumber, action) {
          case (.prohibited, .allowed): .prohibitedBeforeNumber
          case (_, .prohibited): .prohibited
          case (_, .allowed): .allowed
          case (_, .mandatory): .mandatory
          }
        entries.append((number, code))
      }
      row += 1
    }
    precondition(states.count * Self.rowLength <= Int(Self.stateMask), "line-break automaton too large")
    let classCount = LineBreakClass.allCases.count
    let table = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: states.count * Self.rowLength)
    table.initialize(repeating: 0)  // padding: back to the start, never reached
    for (index, entry) in entries.enumerated() {
      let offset = index / classCount * Self.rowLength + index % classCount
      table[offset] = UInt16(entry.next * Self.rowLength) | entry.action.rawValue << Self.actionShift
    }
    transitions = UnsafeBufferPointer(table)
    // After an AL or NU unit the state depends on that class alone: `LineBreakState.enter`
    // sets every field from it when it is not SP.
    func state(after scalarClass: LineBreakClass) -> State {
      table[Int(Self.start) + Int(scalarClass.rawValue)] & Self.stateMask
    }
    afterAlphabetic = state(after: .alphabetic)
    afterNumeric = state(after: .numeric)
  }

  /// Moves `state` over a scalar of class `scalarClass` and says what happens before it.
  ///
  /// - Parameters:
  ///   - state: the state after the previous scalar; updated.
  ///   - scalarClass: the next scalar's class.
  ///   - followedByNumber: whether the unit after this scalar (skipping CM and ZWJ) is NU;
  ///     called only for OP or HY after PR or PO.
  /// - Complexity: O(1), plus whatever `followedByNumber` costs.
  @inline(__always)
  func advance(
    _ state: inout State, over scalarClass: LineBreakClass, followedByNumber: () -> Bool
  ) -> BreakAction {
    advance(&state, overClassNumber: scalarClass.rawValue, followedByNumber: followedByNumber)
  }

  /// ``advance(_:over:followedByNumber:)`` for a class given by its raw value, as the
  /// scanner's ASCII table stores it; values of 64 and more wrap inside the row.
  @inline(__always)
  func advance(
    _ state: inout State, overClassNumber classNumber: UInt8, followedByNumber: () -> Bool
  ) -> BreakAction {
    let entry = transitions[Int(state) &+ Int(classNumber & UInt8(Self.rowLength - 1))]
    state = entry & Self.stateMask
    let code = entry >> Self.actionShift
    if code == Action.prohibitedBeforeNumber.rawValue {
      return followedByNumber() ? .prohibited : .allowed
    }
    // A `switch` here becomes a jump table whose indirect branch mispredicts most of the
    // time; the other codes are `BreakAction`'s raw values, declared in order from 0.
    return unsafeBitCast(UInt8(truncatingIfNeeded: code), to: BreakAction.self)
  }
}
