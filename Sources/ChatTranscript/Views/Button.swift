/// A tappable view that runs its action closures, in order of addition, when tapped.
///
/// Cells expose buttons; presenters attach the actions, so the cell itself never decides
/// what a tap means.
open class Button: Label {
  private var actions: [() -> Void] = []

  public func addAction(_ action: @escaping () -> Void) {
    actions.append(action)
  }

  public func removeAllActions() {
    // A recycled cell's buttons get new actions at once: the storage stays for them.
    actions.removeAll(keepingCapacity: true)
  }

  /// Runs every action; what a tap on screen or a test does.
  public func sendActions() {
    for action in actions { action() }
  }
}
