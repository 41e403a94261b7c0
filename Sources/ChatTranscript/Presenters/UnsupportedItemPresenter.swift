/// The fallback for items no registered builder handles: a visible one-line placeholder.
///
/// Backends add item types faster than clients learn them; an unknown item must show up as
/// something (never zero height, never a crash) so nothing silently disappears.
public final class UnsupportedItemPresenter: BaseChatItemPresenter<UnsupportedItemCell> {
  public private(set) var item: any ChatItem

  public init(item: any ChatItem) {
    self.item = item
    super.init()
  }

  /// What the placeholder says, e.g. `unsupported item: poll (p7)`.
  public static func placeholderText(for item: any ChatItem) -> String {
    "unsupported item: \(item.type) (\(item.id))"
  }

  public override var canCalculateHeightInBackground: Bool { true }

  public override func backgroundHeightCalculator() -> (any ChatItemHeightCalculator)? {
    FixedHeight(height: UnsupportedItemCell.height)
  }

  public override func configure(_ cell: UnsupportedItemCell, decoration: ChatItemDecoration) {
    cell.label.text = Self.placeholderText(for: item)
  }

  public override var isItemUpdateSupported: Bool { true }

  public override func update(with item: any ChatItem) {
    self.item = item
    refreshVisibleCell()
  }
}

/// A height that does not depend on width: separators, placeholders, status rows.
public struct FixedHeight: ChatItemHeightCalculator {
  public var height: Double

  public init(height: Double) {
    self.height = height
  }

  public func height(maximumWidth: Double, decoration: ChatItemDecoration) -> Double { height }
}

/// One label spanning the cell.
public final class UnsupportedItemCell: CollectionViewCell {
  /// Rows the placeholder takes.
  public static let height: Double = 1
  public let label = Label()

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    styleName = "unsupported"
    addSubview(label)
  }

  public override var frame: Rect {
    didSet { label.frame = Rect(origin: .zero, size: frame.size) }
  }

  public override func prepareForReuse() {
    super.prepareForReuse()
    label.text = ""
  }
}
