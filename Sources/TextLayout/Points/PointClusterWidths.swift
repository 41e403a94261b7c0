/// Cluster widths in 1/1024 units for a body wider than a line, which breaks between clusters.
///
/// A cluster's width is the sum of its scalars' advances, plus the kerning of its last glyph
/// with the glyph after it (kerning belongs to the first glyph of a pair, as it does in the
/// scanner, so the clusters of a body add up to the body's width).
struct PointClusterWidths: ClusterWidths {
  let chain: FontChain

  func forEachCluster(
    in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (_ cluster: Range<Int>, _ width: Int) -> Void
  ) {
    let rules = GraphemeBreakAutomaton.shared
    var graphemes = GraphemeBreakAutomaton.start
    var advancer = GlyphAdvancer(chain: chain)
    var clusterStart = range.lowerBound
    var width = 0
    var index = range.lowerBound
    while index < range.upperBound {
      let scalar = UTF8Decoding.decode(bytes, at: index)
      let properties = ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value))
      let step = advancer.step(scalar.value, properties)
      width &+= step.kerning  // the previous glyph's, in this cluster or the one before
      if rules.startsCluster(&graphemes, with: properties.graphemeBreak) && index > clusterStart {
        body(clusterStart..<index, width)
        clusterStart = index
        width = 0
      }
      width &+= step.advance
      index &+= scalar.length
    }
    if index < bytes.count {
      // The kerning of the last glyph with the one after the body.
      let scalar = UTF8Decoding.decode(bytes, at: index)
      width &+=
        advancer.step(scalar.value, ScalarProperties(word: UnicodeTables.propertyWord(of: scalar.value)))
        .kerning
    }
    if range.upperBound > clusterStart {
      body(clusterStart..<range.upperBound, width)
    }
  }
}
