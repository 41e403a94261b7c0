/// What a ``DetailCell`` shows: a title, a detail line and an optional image.
///
/// Deliberately small so any model can provide it through a tiny adapter (a user, a pet, a
/// file), and a test can hand the cell a plain struct.
public protocol DetailCellContent {
  var title: String { get }
  /// Shown under the title; empty for none.
  var detail: String { get }
  /// What the image shows; `nil` collapses the image slot (the text moves left and the row
  /// may get shorter).
  var imageDescription: String? { get }
  /// The title of a button at the row's right edge; `nil` (the default) for none.
  var actionTitle: String? { get }
}

extension DetailCellContent {
  public var actionTitle: String? { nil }
}
