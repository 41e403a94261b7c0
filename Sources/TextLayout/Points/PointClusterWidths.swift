/// Cluster widths in 1/1024 units for a body wider than a line, which breaks between clusters.
///
/// A cluster's width is the sum of its scalars' advances, plus the kerning of its last glyph
/// with the glyph after it (kerning belongs to the first glyph of a pair, as it does in the
/// scanner, so the clusters of a body add up to the body's width). A line that ends after a
/// cluster inside the body is as Pango shapes it: without that kerning, and with the hyphen
/// Pango inserts there (``HyphenRule``), kerned with the cluster's last glyph.
struct PointClusterWidths: ClusterWidths {
  let chain: FontChain

  func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int, _ endAdjustment: Int) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: SubstitutionWindow.capacity) { storage in
      forEachCluster(in: bytes, range, windowStorage: storage, body)
    }
  }

  private func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    windowStorage: UnsafeMutableBufferPointer<UInt32>,
    _ body: (_ cluster: Range<Int>, _ width: Int, _ endAdjustment: Int) -> Void
  ) {
    let rules = GraphemeBreakAutomaton.shared
    var graphemes = GraphemeBreakAutomaton.start
    var advancer = GlyphAdvancer(chain: chain, bytes: bytes, windowStorage: windowStorage)
    var hyphens = HyphenRule()
    var clusterStart = range.lowerBound
    var width = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let scalar = UTF8Decoding.decode(bytes, at: index)
      let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
      let shaping = ShapingProperties(scalar.value)
      let startsCluster =
        rules.startsCluster(&graphemes, with: properties.graphemeBreak) && index > clusterStart
      // Asked before the step: the hyphen kerns with the glyph before the break.
      let hyphen =
        startsCluster && hyphens.insertsHyphen(before: shaping) ? advancer.insertedHyphenWidth() : 0
      let step = advancer.step(scalar.value, properties, at: index, length: scalar.length)
      width &+= step.kerning  // the previous glyph's, in this cluster or the one before
      if startsCluster {
        // A line that ends here loses that kerning and gains the hyphen.
        body(clusterStart..<index, width, hyphen &- step.kerning)
        clusterStart = index
        width = 0
      }
      hyphens.advance(over: shaping, value: scalar.value)
      width &+= step.advance
      index &+= scalar.length
    }
    if index < bytes.count {
      // The kerning of the last glyph with the one after the body.
      let scalar = UTF8Decoding.decode(bytes, at: index)
      let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
      width &+= advancer.step(scalar.value, properties, at: index, length: scalar.length).kerning
    }
    if range.upperBound > clusterStart {
      body(clusterStart..<range.upperBound, width, 0)
    }
  }
}
