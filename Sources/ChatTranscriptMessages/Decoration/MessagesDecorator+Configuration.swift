import ChatTranscript

extension MessagesDecorator {
  /// How messages are grouped and spaced, and which rows are injected.
  public struct Configuration: Sendable, Hashable {
    /// Messages closer than this many seconds (and otherwise alike) share a group; 0 or
    /// less groups nothing.
    public var groupingInterval: Int64 = 120
    /// Rows (the unit of row heights: points in a layout in points) between messages of one
    /// group.
    public var marginInsideGroup: Double = 0
    /// Rows (or points) after a group, a notice, a separator or a status row.
    public var marginBetweenGroups: Double = 1
    public var showsDaySeparators = true
    public var showsStatusRows = true
    /// Whether `seen by bob, yuki` rows are injected under messages.
    public var showsReadReceipts = true
    /// Whether the `── new messages ──` divider is injected after the last-read message.
    public var showsUnreadDivider = true

    public init() {}

    /// Spacing in points for a layout in points (``PhoneTheme``): 2 points between the
    /// messages of a group, 10 after a group.
    public static let phone: Configuration = {
      var configuration = Configuration()
      configuration.marginInsideGroup = 2
      configuration.marginBetweenGroups = 10
      return configuration
    }()
  }
}
