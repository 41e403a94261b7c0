import Testing

@testable import ChatTranscript

/// Where a row's height comes from, decided without a controller.
@Suite struct HeightSourceTests {
  typealias Facts = HeightSource.Facts

  @Test(arguments: [
    // A row whose height stands keeps it, whatever else is true.
    (
      Facts(needsMeasurement: false, isBuiltOnOwner: true, hasMeasurers: true, isCached: true),
      HeightSource.kept
    ),
    (Facts(needsMeasurement: false, hasMeasurers: false, presenter: .ownerOnly), .kept),
    // New rows built on the owner are sized there when their type has measurers...
    (Facts(needsMeasurement: true, isBuiltOnOwner: true, hasMeasurers: true), .sizedWhileBuilt),
    // ...and otherwise wait for the usual sources.
    (Facts(needsMeasurement: true, isBuiltOnOwner: true, hasMeasurers: false), .owner),
    // A cached height comes before any measurement.
    (Facts(needsMeasurement: true, hasMeasurers: true, isCached: true), .cache),
    (Facts(needsMeasurement: true, hasMeasurers: false, isCached: true, presenter: .ownerOnly), .cache),
    // No presenter: the measurers, off the owner, or a presenter on the owner.
    (Facts(needsMeasurement: true, hasMeasurers: true), .background),
    (Facts(needsMeasurement: true, hasMeasurers: false), .owner),
    // A presenter decides, measurers or not.
    (Facts(needsMeasurement: true, hasMeasurers: true, presenter: .calculatesInBackground), .background),
    (Facts(needsMeasurement: true, hasMeasurers: true, presenter: .ownerOnly), .owner),
    (Facts(needsMeasurement: true, hasMeasurers: false, presenter: .calculatesInBackground), .background),
  ])
  func decides(facts: Facts, source: HeightSource) {
    #expect(HeightSource.decide(facts) == source)
  }

  /// Every combination of facts has exactly one answer, and the answer follows the order
  /// documented on ``HeightSource/decide(_:)``: kept, sized while built, cache, then the
  /// presenter or the measurers.
  @Test func everyCombinationFollowsTheOrder() {
    let presenters: [Facts.Presenter] = [.none, .calculatesInBackground, .ownerOnly]
    for needs in [false, true] {
      for built in [false, true] {
        for measurers in [false, true] {
          for cached in [false, true] {
            for presenter in presenters {
              let facts = Facts(
                needsMeasurement: needs, isBuiltOnOwner: built, hasMeasurers: measurers, isCached: cached,
                presenter: presenter)
              let expected: HeightSource =
                if !needs { .kept } else if built && measurers { .sizedWhileBuilt } else if cached {
                  .cache
                } else if presenter == .calculatesInBackground || (presenter == .none && measurers) {
                  .background
                } else { .owner }
              #expect(HeightSource.decide(facts) == expected, "\(facts)")
            }
          }
        }
      }
    }
  }
}
