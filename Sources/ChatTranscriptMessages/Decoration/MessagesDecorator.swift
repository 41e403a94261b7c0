import ChatTranscript

/// Groups messages, separates days, flags unsent messages, shows read receipts and the unread
/// divider, looking one item each way.
///
/// - **Groups**: consecutive messages (text, photo, or any ``MessageItem``) from the same
///   sender in the same direction, on the same day, less than `groupingInterval` apart.
///   Messages without a date group by sender alone. Inside a group the bottom margin is
///   `marginInsideGroup`, after it `marginBetweenGroups`; only the last message of a group
///   shows the tail, and the avatar when incoming. Group positions (`first`, `middle`,
///   `last`, `single`) tell cells where to show the sender's name.
/// - **Day separators**: a ``TimeSeparatorItem`` (id `"<id>/day"`) before every dated item
///   whose previous item is absent or dated on another UTC day. An undated previous item
///   (a typing row, an unknown item) does not count as a day change: with a reach of one the
///   decorator cannot see past it, and a missing separator is better than a duplicated one.
///   Separators are pinned headers (``ChatItemDecoration/isPinnedHeader``): a viewport keeps
///   the current day's at its top.
/// - **Status rows**: a ``MessageStatusItem`` (id `"<id>/status"`) under an outgoing message
///   that is sending or failed *and is the last message of its group* — no later message of
///   the same group follows it. That is the message the user is looking at when sending;
///   an earlier message of the group that failed keeps its own failed icon (the retry
///   button), so no failure goes unseen. The message hugs its status row (inside margin)
///   and the row takes the margin between groups.
/// - **Read receipts**: a ``ReadReceiptItem`` (id `"<id>/seen"`, `seen by bob, yuki`) under
///   every message whose ``MessageModel/readReceipt`` names someone, after its status row. It
///   belongs to the message's group: the message (and its status row) hug it, and it takes
///   the margin the message would have taken.
/// - **The unread divider**: an ``UnreadDividerItem`` (id `"<id>/unread"`, `── new messages
///   ──`) after the message whose ``MessageModel/isFollowedByUnreadDivider`` is set, after its
///   receipt. It ends the message's group, as a new day does: what follows starts a group
///   and shows its sender.
///
/// Every rule reads only the item and its direct neighbours, so ``reach`` is 1 and an edit
/// re-decorates three items, not the transcript; one that leaves what the rules read as it
/// was (a reaction, an edited text) re-decorates none, and one that changes only what the
/// message's own rows show (its status, its readers) re-decorates the message alone. Tests
/// compare incremental updates with a full rebuild to keep it honest. Under a message the rows
/// come in this order: its status row, its receipt, the divider; the next item's day separator
/// comes after them.
public struct MessagesDecorator: ChatItemsDecorator {
  public var configuration: Configuration

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  public var reach: Int { 1 }

  public func decorate(_ context: DecorationContext) -> DecoratedItems {
    decorate(
      facts: DecorationFacts(context.item), id: { context.item.id },
      previous: context.previous.map(DecorationFacts.init), next: { context.next.map(DecorationFacts.init) })
  }

  /// Reads each item once, in place: its facts serve as the next item's `previous` and the
  /// previous item's `next` (three casts per item become one, and no item is copied).
  public func decorate(_ run: DecorationRun) -> [DecoratedItems] {
    guard run.count > 0 else { return [] }
    var decorations: [DecoratedItems] = []
    decorations.reserveCapacity(run.count)
    var previous = run.withItem(at: -1, DecorationFacts.init)
    var current = run.withItem(at: 0, DecorationFacts.init)
    for offset in 0..<run.count {
      guard let facts = current else { break }
      let next = run.withItem(at: offset + 1, DecorationFacts.init)
      decorations.append(
        decorate(
          facts: facts, id: { run.withItem(at: offset) { $0.id } ?? "" }, previous: previous, next: { next }))
      previous = facts
      current = next
    }
    return decorations
  }

  /// Every rule reads only an item's ``DecorationFacts`` (and its id, which a replacement
  /// keeps): equal facts decorate alike. Of a message's facts, its neighbours read only what
  /// groups and separates it; its status and readers show in its own rows.
  public func impactOfReplacing(_ old: any ChatItem, with new: any ChatItem) -> DecorationImpact {
    let before = DecorationFacts(old)
    let after = DecorationFacts(new)
    if before == after { return .none }
    return before.looksAlikeToNeighbours(after) ? .item : .neighbours
  }

  /// The rules, from the facts of the item and its neighbours (`next` only read for messages,
  /// the item's `id` only when an injected row names it).
  private func decorate(
    facts: DecorationFacts, id: () -> String, previous: DecorationFacts?, next: () -> DecorationFacts?
  ) -> DecoratedItems {
    let between = configuration.marginBetweenGroups
    var leading: [DecoratedItem] = []
    if configuration.showsDaySeparators, let date = facts.date, startsDay(date, after: previous) {
      leading.append(
        DecoratedItem(
          item: TimeSeparatorItem(precedingItemWithID: id(), date: date),
          decoration: ChatItemDecoration(bottomMargin: between, isPinnedHeader: true)))
    }
    guard facts.kind == .message else {
      // Notices and unknown items stand apart; the typing row is last and needs no margin.
      let margin = facts.kind == .typingIndicator ? 0 : between
      return DecoratedItems(decoration: ChatItemDecoration(bottomMargin: margin), leading: leading)
    }
    let isFirst = !belongTogether(previous, facts)
    let isLast = !belongTogether(facts, next())
    let inside = configuration.marginInsideGroup
    // The rows that belong to the message's group: the message hugs them, and the last of
    // them takes the margin the message would have taken.
    var trailing: [DecoratedItem] = []
    let hugged = ChatItemDecoration(bottomMargin: inside)
    if configuration.showsStatusRows, isLast, facts.isPendingOrFailed, let status = facts.status {
      let row = MessageStatusItem(messageID: id(), status: status)
      trailing.append(DecoratedItem(item: row, decoration: hugged))
    }
    if configuration.showsReadReceipts, !facts.readReceipt.isEmpty {
      let row = ReadReceiptItem(messageID: id(), receipt: facts.readReceipt)
      trailing.append(DecoratedItem(item: row, decoration: hugged))
    }
    let groupEndMargin = isLast ? between : inside
    if !trailing.isEmpty { trailing[trailing.count - 1].decoration.bottomMargin = groupEndMargin }
    let decoration = ChatItemDecoration(
      bottomMargin: trailing.isEmpty ? groupEndMargin : inside,
      showsTail: isLast, showsAvatar: isLast && facts.isIncoming,
      groupPosition: Self.position(isFirst: isFirst, isLast: isLast))
    if showsUnreadDivider(after: facts) {
      trailing.append(
        DecoratedItem(
          item: UnreadDividerItem(followingItemWithID: id()),
          decoration: ChatItemDecoration(bottomMargin: between)))
    }
    return DecoratedItems(decoration: decoration, leading: leading, trailing: trailing)
  }

  private func showsUnreadDivider(after facts: DecorationFacts) -> Bool {
    configuration.showsUnreadDivider && facts.isFollowedByUnreadDivider
  }

  /// Whether `later` continues the group of `earlier` (its direct predecessor): both are
  /// messages, and no unread divider stands between them.
  private func belongTogether(_ earlier: DecorationFacts?, _ later: DecorationFacts?) -> Bool {
    guard let earlier, let later, earlier.kind == .message, later.kind == .message,
      !showsUnreadDivider(after: earlier), configuration.groupingInterval > 0, earlier.sender == later.sender,
      earlier.isIncoming == later.isIncoming
    else { return false }
    guard let first = earlier.date, let second = later.date else { return true }
    let (gap, overflow) = second.secondsSince1970.subtractingReportingOverflow(first.secondsSince1970)
    return !overflow && gap.magnitude < configuration.groupingInterval.magnitude
      && first.dayNumber == second.dayNumber
  }

  /// Whether an item dated `date` opens a new day after the item whose facts are `previous`.
  private func startsDay(_ date: Timestamp, after previous: DecorationFacts?) -> Bool {
    guard let previous else { return true }
    guard let previousDate = previous.date else { return false }
    return previousDate.dayNumber != date.dayNumber
  }

  private static func position(isFirst: Bool, isLast: Bool) -> ChatItemDecoration.GroupPosition {
    switch (isFirst, isLast) {
    case (true, true): .single
    case (true, false): .first
    case (false, true): .last
    case (false, false): .middle
    }
  }
}
