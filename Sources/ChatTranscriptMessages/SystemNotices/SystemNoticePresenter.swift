import ChatTranscript

/// Presents a system notice: centred, wrapped, as tall as its lines.
public final class SystemNoticePresenter<Cell: SystemNoticeCell>: BaseChatItemPresenter<Cell> {
  /// Configuring reads only the item, the decoration and the `Sendable` context, and writes
  /// only the cell: pages drawn off screen are configured by the thread that reads them.
  public override var configuresCellsOffOwner: Bool { true }

  public private(set) var item: SystemNoticeItem
  public let context: MessagePresentationContext

  public init(item: SystemNoticeItem, context: MessagePresentationContext) {
    self.item = item
    self.context = context
    super.init()
  }

  public override var canCalculateHeightInBackground: Bool { true }

  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    SystemNoticeHeightCalculator(item, in: Cell.self, measurer: context.textMeasurer(forItemWithID: item.id))
  }

  public override func configure(_ cell: Cell, decoration: ChatItemDecoration) {
    cell.configure(with: item.text, measurer: context.textMeasurer(forItemWithID: item.id))
  }

  /// Said by the app, not by anyone in the conversation.
  public override var canBeSelected: Bool { false }

  public override var isItemUpdateSupported: Bool { true }

  public override func update(with item: any ChatItem) {
    guard let notice = SystemNoticeItem(converting: item) else { return }
    self.item = notice
  }
}
