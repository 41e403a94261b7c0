/// Where one row's height comes from in an update: the one place that decides.
///
/// The controller gathers what it knows of a row (``Facts``) and acts on the answer: it
/// keeps the height, sizes the row while building it, reads the height cache, measures off
/// the owner or asks the presenter on the owner. The rule itself is a pure function, tested
/// without a controller.
enum HeightSource: Equatable, Sendable {
  /// Nothing that sizes the row changed: its height stays.
  case kept
  /// Sized by its type's measurers in the pass that built it: a row new to the layout, in an
  /// update applied on the owner, which waits for heights anyway.
  case sizedWhileBuilt
  /// The height cache holds it for this content version, width and decoration.
  case cache
  /// Measured off the owner, on all cores: by its builders' measurers when the row has no
  /// presenter, else by its presenter's background calculator. An item that no measurer
  /// handles falls back to the owner.
  case background
  /// Only the row's presenter can size it, on the owner.
  case owner

  /// What a row's height source depends on.
  struct Facts: Equatable {
    /// What the row's presenter offers, if it has one.
    enum Presenter: Equatable {
      /// No presenter yet: one is made only if the row's type has no measurers.
      case none
      /// A presenter with a `Sendable` height calculator.
      case calculatesInBackground
      /// A presenter that sizes only on the owner.
      case ownerOnly
    }

    /// Its height is unknown or stale: new, changed content or decoration, a new width.
    var needsMeasurement: Bool
    /// The row is being made in this update by a pass that may size it (an update applied
    /// on the owner).
    var isBuiltOnOwner = false
    /// Every builder of the row's type has a height measurer.
    var hasMeasurers: Bool
    /// The height cache holds the row's height (a new row cannot be there).
    var isCached = false
    var presenter = Presenter.none
  }

  /// The source of a row's height.
  ///
  /// A row that needs no measurement keeps its height; a row built on the owner is sized
  /// there when its type has measurers; a cached height is used next; then a row without a
  /// presenter goes to its measurers, and a row with one to its presenter's calculator or,
  /// lacking one, to the presenter on the owner.
  static func decide(_ facts: Facts) -> HeightSource {
    guard facts.needsMeasurement else { return .kept }
    if facts.isBuiltOnOwner && facts.hasMeasurers { return .sizedWhileBuilt }
    if facts.isCached { return .cache }
    switch facts.presenter {
    case .none: return facts.hasMeasurers ? .background : .owner
    case .calculatesInBackground: return .background
    case .ownerOnly: return .owner
    }
  }
}

/// The height measurers of each item type, as one pass meets them.
///
/// A transcript has a handful of types: the measurers are kept at hand and found by
/// comparing type strings rather than by hashing one per row, and asked in place (a copy
/// would retain what every core measuring shares, for every row).
struct TypeMeasurers: Sendable {
  private let measurersByType: [String: ChatItemHeightMeasurers]
  private var known: [(type: String, measurers: ChatItemHeightMeasurers?)] = []

  init(_ measurersByType: [String: ChatItemHeightMeasurers]) {
    self.measurersByType = measurersByType
  }

  /// Where the measurers of `type` are kept: what the other methods take, so one lookup
  /// serves every question about a row.
  mutating func slot(forType type: String) -> Int {
    index(of: type)
  }

  /// Whether every builder of the slot's type has a measurer.
  func hasMeasurers(in slot: Int) -> Bool {
    known[slot].measurers != nil
  }

  /// The measurers of the slot's type, if every builder of it has one.
  func measurers(in slot: Int) -> ChatItemHeightMeasurers? {
    known[slot].measurers
  }

  /// `item`'s height from the slot's measurers: `nil` when there are none, none handles the
  /// item, or the height is bad (the owner's path sizes and reports those).
  func goodHeight(
    in slot: Int, of item: any ChatItem, width: Double, decoration: ChatItemDecoration
  ) -> Double? {
    guard
      let height = known[slot].measurers?.height(of: item, maximumWidth: width, decoration: decoration),
      height.isFinite, height >= 0
    else { return nil }
    return height
  }

  private mutating func index(of type: String) -> Int {
    if let index = known.firstIndex(where: { $0.type == type }) { return index }
    known.append((type, measurersByType[type]))
    return known.count - 1
  }
}
