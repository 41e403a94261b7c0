import ChatTranscript

/// The shared part of bubble presenters: keeps the latest message item, derives the view
/// model, wires the cell's buttons to the app's ``MessageInteractionHandler``, takes updates
/// in place, and offers "copy" on long press.
///
/// Subclasses provide the content: ``configureContent(_:viewModel:decoration:)``, the
/// height calculator and ``copyText``.
open class MessagePresenter<Item: MessageItem & ChatItemConvertible, Cell: MessageBubbleCell>:
  BaseChatItemPresenter<Cell>
{
  /// The item as last given (at creation or by `update(with:)`). Read without the run-time
  /// exclusivity check, as a view's values are: the presenter belongs to its owner's thread.
  @exclusivity(unchecked) public private(set) var item: Item
  public let context: MessagePresentationContext

  public init(item: Item, context: MessagePresentationContext) {
    self.item = item
    self.context = context
    super.init()
  }

  public var message: MessageModel { item.message }

  /// The chrome of the bubble for `decoration`, with sender names as `Cell` writes them.
  public func messageViewModel(for decoration: ChatItemDecoration) -> MessageViewModel {
    // Read once: each read copies the generic item out to ask it for its message.
    let message = item.message
    return MessageViewModel(
      message: message, decoration: decoration, senderName: Cell.displayName(forSender: message.sender),
      showsSenderNames: context.configuration.showsSenderNames)
  }

  /// A measurer for this item's texts through the shared cache.
  public var textMeasurer: ItemTextMeasurer {
    context.textMeasurer(forItemWithID: item.id)
  }

  public override var canCalculateHeightInBackground: Bool { true }

  public override final func configure(_ cell: Cell, decoration: ChatItemDecoration) {
    // A cell of a page drawn off screen is never tapped: wiring it made and freed an action
    // target per presenter, and such presenters are made per row drawn.
    if cell.receivesTouches { wireActions(of: cell) }
    configureContent(cell, viewModel: messageViewModel(for: decoration), decoration: decoration)
  }

  /// Fills `cell` for the current item. Override point.
  open func configureContent(_ cell: Cell, viewModel: MessageViewModel, decoration: ChatItemDecoration) {}

  /// Replaces whatever actions the (possibly recycled) cell had with this presenter's.
  ///
  /// The closures reach the presenter only while it lives and read the message when the tap
  /// happens, so a tap after an update reports the updated message.
  ///
  /// The closures reach the presenter through its ``MessageActionTarget``, made once: each
  /// closure holds just that object, so wiring a cell allocates nothing and clearing it frees
  /// nothing (a context of their own, allocated per configuration and freed per reuse, cost a
  /// tenth of configuring a bubble).
  private func wireActions(of cell: Cell) {
    cell.removeAllActions()
    let target = actionTarget
    cell.bubble.addAction { target.presenter?.bubbleWasTapped() }
    cell.avatar.addAction { target.presenter?.avatarWasTapped() }
    cell.failedIcon.addAction { target.presenter?.failedIconWasTapped() }
  }

  /// What the cells' actions call; made on first use.
  private var actionTarget: MessageActionTarget {
    if let target = actionTargetIfMade { return target }
    let target = MessageActionTarget(presenter: self)
    actionTargetIfMade = target
    return target
  }
  private var actionTargetIfMade: MessageActionTarget?

  deinit {
    // Cells may still hold the target in their actions: a tap now does nothing.
    actionTargetIfMade?.presenter = nil
  }

  // MARK: Menu

  /// What "copy" copies; `nil` offers no menu.
  open var copyText: String? { nil }

  public override func shouldShowMenu() -> Bool { copyText != nil }

  public override func canPerform(_ action: MenuAction) -> Bool {
    action == .copy && copyText != nil
  }

  public override func perform(_ action: MenuAction) {
    guard action == .copy, let text = copyText else { return }
    context.interactionHandler?.userDidCopy(text, from: item.message)
  }

  // MARK: Selection

  /// A deleted message is a tombstone: there is nothing in it to select.
  public override var canBeSelected: Bool { !item.message.isDeleted }

  // MARK: Updates

  public override var isItemUpdateSupported: Bool { true }

  /// Keeps this presenter for a new version of the item (a status change, an edit).
  ///
  /// The engine reconfigures the visible cell itself (the content version changed), and the
  /// height calculator finds the text metrics cached unless the text changed, so nothing is
  /// rebuilt and nothing is re-measured that did not change.
  public override func update(with item: any ChatItem) {
    guard let converted = Item(converting: item) else { return }
    self.item = converted
  }
}

extension MessagePresenter: MessageActions {
  func bubbleWasTapped() {
    context.interactionHandler?.userDidTapBubble(of: item.message)
  }

  func avatarWasTapped() {
    context.interactionHandler?.userDidTapAvatar(of: item.message)
  }

  func failedIconWasTapped() {
    guard item.message.status == .failed else { return }
    context.interactionHandler?.userDidRequestRetry(of: item.message)
  }
}

/// What the buttons of a message cell report to: its presenter, whatever its item and cell.
protocol MessageActions: AnyObject {
  func bubbleWasTapped()
  func avatarWasTapped()
  func failedIconWasTapped()
}

/// The presenter the actions of the cells it configures report to, so a tap after an update
/// reports the updated message, and a tap after the presenter is gone does nothing.
///
/// Not `weak`: a weakly referenced object gets a side table, and every retain and release of
/// a presenter then took a slower path while a transcript was drawn. The presenter clears
/// the reference when it goes (`deinit`); it and its cells belong to one owner thread.
final class MessageActionTarget {
  unowned(unsafe) var presenter: (any MessageActions)?

  init(presenter: any MessageActions) {
    self.presenter = presenter
  }
}
