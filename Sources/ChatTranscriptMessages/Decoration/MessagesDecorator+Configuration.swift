import ChatTranscript

extension MessagesDecorator {
  /// How messages are grouped and spaced, and which rows are injected.
  public struct Configuration: Sendable, Hashable {
    /// Messages closer than this many seconds (and otherwise alike) share a group; 0 or
    /// less groups nothing.
    public var groupingInterval: Int64 = 120
    /// Rows between messages of one group.
    public var marginInsideGroup: Double = 0
    /// Rows after a group, a notice, a separator or a status row.
    public var marginBetweenGroups: Double = 1
    public var showsDaySeparators = true
    public var showsStatusRows = true
    /// Whether `seen by bob, yuki` rows are injected under messages.
    public var showsReadReceipts = true
    /// Whether the `── new messages ──` divider is injected after the last-read message.
    public var showsUnreadDivider = true

    public init() {}
  }
}
