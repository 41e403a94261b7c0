import TestSupport
import Testing
import TranscriptGenerator

@testable import ChatTranscript

/// The height cache's two generations against a plain model of them, and what it keeps
/// across many turnovers (a `follow` of a long stream turns it over every few bursts).
@Suite struct HeightCacheTests {
  /// The cache as its documentation describes it: two dictionaries, the young one filled to
  /// half the capacity, then taking the old one's place.
  struct Model {
    let generationSize: Int
    var young: [Int: Double] = [:]
    var old: [Int: Double] = [:]

    mutating func store(_ height: Double, version: Int) {
      if young.count >= generationSize, young[version] == nil {
        old = young
        young = [:]
      }
      young[version] = height
    }

    mutating func height(version: Int) -> Double? {
      if let height = young[version] { return height }
      guard let height = old[version] else { return nil }
      if young.count < generationSize {
        old[version] = nil
        young[version] = height
      }
      return height
    }
  }

  static let decoration = ChatItemDecoration(bottomMargin: 0, showsTail: true, showsAvatar: false)

  @Test(arguments: [1, 2, 3])
  func storesAndLookupsMatchTheModel(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var cache = HeightCache(capacity: 64)
    var model = Model(generationSize: cache.keepsNewest)
    var newestVersion = 0
    for _ in 0..<20_000 {
      if Int.random(in: 0..<3, using: &random) == 0 {
        newestVersion += 1
        let height = Double(Int.random(in: 1...500, using: &random))
        cache.store(height, contentVersion: newestVersion, width: 60, decoration: Self.decoration)
        model.store(height, version: newestVersion)
      } else {
        // Mostly recent versions, some long gone.
        let back = Int.random(in: 0...(Bool.random(using: &random) ? 40 : 400), using: &random)
        let version = max(newestVersion - back, 0)
        #expect(
          cache.height(contentVersion: version, width: 60, decoration: Self.decoration)
            == model.height(version: version))
      }
      #expect(cache.count == model.young.count + model.old.count)
      #expect(cache.count <= cache.capacity)
    }
  }

  /// After many turnovers the cache holds the newest heights and forgets the others; a width
  /// or decoration it was not stored for misses.
  @Test func keepsTheNewestGenerationsAcrossTurnovers() {
    var cache = HeightCache(capacity: 100)
    for version in 1...10_050 {
      cache.store(Double(version), contentVersion: version, width: 60, decoration: Self.decoration)
    }
    #expect(cache.count == 100)
    for version in 9_951...10_050 {
      #expect(
        cache.height(contentVersion: version, width: 60, decoration: Self.decoration) == Double(version))
    }
    #expect(cache.height(contentVersion: 9_950, width: 60, decoration: Self.decoration) == nil)
    #expect(cache.height(contentVersion: 1, width: 60, decoration: Self.decoration) == nil)
    #expect(cache.height(contentVersion: 10_050, width: 61, decoration: Self.decoration) == nil)
    var other = Self.decoration
    other.showsTail = false
    #expect(cache.height(contentVersion: 10_050, width: 60, decoration: other) == nil)
  }
}
