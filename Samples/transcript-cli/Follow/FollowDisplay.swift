/// Where `transcript follow` shows what each burst of events changed: a log of what is new
/// (``ChangeLog``) or a screen redrawn in place (``LiveScreen``).
///
/// Everything runs on the main thread, which owns the controller; a display is called once
/// per burst, however many events the burst held.
protocol FollowDisplay: AnyObject {
  /// Before the first event: show that the program is waiting.
  func start(_ progress: FollowProgress)
  /// The terminal changed size; called before the burst's updates are applied, so that the
  /// relayout joins them.
  func terminalDidResize()
  /// Shows one burst, after the controller applied it.
  func show(_ changes: ChangeSet, progress: FollowProgress)
  /// The input ended; leave the output in its final state.
  func finish(_ progress: FollowProgress)
}
