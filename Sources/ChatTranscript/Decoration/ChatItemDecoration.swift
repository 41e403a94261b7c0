/// How an item sits among its neighbours: spacing, bubble tail, avatar, place in a group.
///
/// Produced by a ``ChatItemsDecorator`` and handed to presenters for height calculation and
/// cell configuration. A value type, so it crosses to background queues freely.
public struct ChatItemDecoration: Sendable, Hashable, Codable {
  /// Where an item sits in a run of items that belong together (e.g. one sender's messages).
  public enum GroupPosition: String, Sendable, Hashable, Codable {
    case single, first, middle, last
  }

  /// Space below the item before the next one starts, in layout units. The layout adds it
  /// below the row: a cell's height must not depend on it, and a change of margin alone keeps
  /// the row's measured height.
  public var bottomMargin: Double
  public var showsTail: Bool
  public var showsAvatar: Bool
  public var groupPosition: GroupPosition
  /// The row stays drawn at the top of a viewport scrolled past it, until the next pinned
  /// row pushes it up: a day heading. Viewports pin, whole-document renders do not (see
  /// ``CollectionView/pinsHeaders``).
  public var isPinnedHeader: Bool

  public init(
    bottomMargin: Double = 0,
    showsTail: Bool = false,
    showsAvatar: Bool = false,
    groupPosition: GroupPosition = .single,
    isPinnedHeader: Bool = false
  ) {
    self.bottomMargin = bottomMargin
    self.showsTail = showsTail
    self.showsAvatar = showsAvatar
    self.groupPosition = groupPosition
    self.isPinnedHeader = isPinnedHeader
  }

  /// No margin, no tail, no avatar.
  public static let plain = ChatItemDecoration()
}

extension ChatItemDecoration {
  /// Whether a cell measured with `other` has the height it has with this decoration: they
  /// differ in their margins at most.
  func hasSameHeightInputs(as other: ChatItemDecoration) -> Bool {
    var other = other
    other.bottomMargin = bottomMargin
    return self == other
  }
}
