/// A tappable view that runs its action closures, in order of addition, when tapped.
///
/// Cells expose buttons; presenters attach the actions, so the cell itself never decides
/// what a tap means.
open class Button: Label {
  // Unchecked for exclusivity, as ``View``'s values are: every recycled cell clears them.
  /// The first action, apart: a button nearly always has one, and an optional closure is set
  /// and cleared without the array's generic removal (every recycled cell clears three).
  @exclusivity(unchecked) private var firstAction: (() -> Void)?
  /// The actions after the first, in order.
  @exclusivity(unchecked) private var laterActions: [() -> Void] = []

  public override init(text: String = "", frame: Rect = .zero) {
    super.init(text: text, frame: frame)
    kind = .button
  }

  public func addAction(_ action: @escaping () -> Void) {
    if firstAction == nil {
      firstAction = action
    } else {
      laterActions.append(action)
    }
  }

  public func removeAllActions() {
    firstAction = nil
    // A recycled cell's buttons get new actions at once: the storage stays for them.
    if !laterActions.isEmpty { laterActions.removeAll(keepingCapacity: true) }
  }

  /// Runs every action; what a tap on screen or a test does.
  public func sendActions() {
    // Copied first, as iterating the array did: an action adding or removing actions changes
    // what the next tap runs, not this one.
    let (first, later) = (firstAction, laterActions)
    first?()
    for action in later { action() }
  }
}
