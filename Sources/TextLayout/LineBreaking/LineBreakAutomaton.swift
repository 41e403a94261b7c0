/// The line-break rules compiled into a transition table.
///
/// ``LineBreakState`` states the rules; this table is derived from it once, by walking
/// every state reachable from the start with every class. A step is then one table read
/// instead of a cascade of comparisons, which is what makes measuring fast. The table is
/// small (a few hundred states, see ``stateCount``).
///
/// The table lives in memory that is allocated once, written before ``shared`` is
/// published and never written or freed afterwards, so sharing the pointer is safe
/// (`@unchecked Sendable`) and copying the automaton costs no reference counting.
struct LineBreakAutomaton: @unchecked Sendable {
  /// A state: an index into the table's rows.
  typealias State = UInt16

  /// What one table entry says about the position before a scalar.
  private enum Action: UInt8 {
    case prohibited = 0  // BreakAction.prohibited
    case allowed = 1  // BreakAction.allowed
    case mandatory = 2  // BreakAction.mandatory
    /// `(PR | PO) × (OP | HY) NU`: prohibited if a number follows, allowed otherwise.
    case prohibitedBeforeNumber = 3
  }

  private static let classCount = LineBreakClass.allCases.count
  private static let actionShift: UInt16 = 14
  private static let stateMask: UInt16 = (1 << 14) - 1

  /// The state before the first scalar.
  static let start: State = 0

  /// The table every measurer shares, built on first use.
  static let shared = LineBreakAutomaton()

  /// `transitions[state * classCount + class]`: the next state in the low 14 bits and
  /// the ``Action`` in the high 2.
  private let transitions: UnsafeBufferPointer<UInt16>
  /// The number of reachable states.
  let stateCount: Int
  /// The state after a space and then an ASCII letter, whatever came before the space.
  let afterSpaceAndLetter: State
  /// The state after a space and then an ASCII digit, whatever came before the space.
  let afterSpaceAndDigit: State

  private init() {
    var states = [LineBreakState()]
    var numbers = [LineBreakState(): 0]
    var transitions: [UInt16] = []
    transitions.reserveCapacity(512 * Self.classCount)
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
        transitions.append(UInt16(truncatingIfNeeded: number) | UInt16(code.rawValue) << Self.actionShift)
      }
      row += 1
    }
    precondition(states.count <= Int(Self.stateMask), "line-break automaton too large")
    let table = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: transitions.count)
    _ = table.initialize(from: transitions)
    self.transitions = UnsafeBufferPointer(table)
    self.stateCount = states.count
    // After `SP X` the state depends on X alone: `LineBreakState.enter` sets every field
    // from X and the space before it.
    func state(after classes: LineBreakClass...) -> State {
      classes.reduce(Self.start) { state, scalarClass in
        transitions[Int(state) * Self.classCount + Int(scalarClass.rawValue)] & Self.stateMask
      }
    }
    afterSpaceAndLetter = state(after: .space, .alphabetic)
    afterSpaceAndDigit = state(after: .space, .numeric)
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
    let entry = transitions[Int(state) &* Self.classCount &+ Int(scalarClass.rawValue)]
    state = entry & Self.stateMask
    let code = UInt8(truncatingIfNeeded: entry >> Self.actionShift)
    if code == Action.prohibitedBeforeNumber.rawValue {
      return followedByNumber() ? .prohibited : .allowed
    }
    // A `switch` here becomes a jump table whose indirect branch mispredicts most of the
    // time; the other codes are `BreakAction`'s raw values, declared in order from 0.
    return unsafeBitCast(code, to: BreakAction.self)
  }
}
