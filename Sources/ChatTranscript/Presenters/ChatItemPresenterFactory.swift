/// Routes items to the builders registered for their type, falling back to a placeholder.
public struct ChatItemPresenterFactory {
  private let buildersByType: [String: [any ChatItemPresenterBuilder]]
  /// For each type whose every builder has a height measurer, those measurers: items of
  /// these types are sized without presenters.
  let measurersByType: [String: ChatItemHeightMeasurers]

  /// - Parameter buildersByType: for each item type, builders in order of preference.
  public init(_ buildersByType: [String: [any ChatItemPresenterBuilder]]) {
    self.buildersByType = buildersByType
    measurersByType = buildersByType.compactMapValues { builders in
      let measurers = builders.compactMap(\.heightMeasurer)
      // A builder without one may be the first to handle an item: only its presenter can
      // size that item, so the whole type goes through presenters.
      return measurers.count == builders.count ? ChatItemHeightMeasurers(measurers: measurers) : nil
    }
  }

  /// A presenter from the first builder for the item's type that can handle it, or an
  /// ``UnsupportedItemPresenter`` when none can.
  ///
  /// - Complexity: O(b), b the number of builders registered for the item's type.
  public func makePresenter(for item: any ChatItem) -> any ChatItemPresenter {
    for builder in buildersByType[item.type] ?? [] {
      if let presenter = builder.makePresenter(ifHandling: item) { return presenter }
    }
    return UnsupportedItemPresenter(item: item)
  }

  /// Registers the cells of every presenter type this factory can make, the fallback's included.
  public func registerCells(in collectionView: CollectionView) {
    UnsupportedItemPresenter.registerCells(in: collectionView)
    for builders in buildersByType.values {
      for builder in builders {
        builder.presenterType.registerCells(in: collectionView)
      }
    }
  }
}
