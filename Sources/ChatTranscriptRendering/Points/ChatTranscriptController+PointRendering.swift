import ChatTranscript
import TextLayout

extension ChatTranscriptController {
  /// The scenes of content `top..<bottom` of a transcript laid out in points, a page at a
  /// time, each with the content y its page starts at (counted from `top`): what
  /// ``PointSVGRenderer/elements(of:yOffset:)`` writes one after another.
  ///
  /// Every row is drawn once, whole, on the page its top is on (a row across two pages is not
  /// cut; a row starting above `top` is not drawn), at the viewport's width, so no label is
  /// wrapped twice. As ``forEachPage(from:to:measurer:_:)`` does, pinned headers are not pinned
  /// and there is no working range meanwhile. Moves the viewport.
  ///
  /// - Parameters:
  ///   - measurer: The measurer the transcript was laid out with.
  ///   - lineHeight: The height of one of its lines.
  ///   - pageHeight: Points per page; a page holds at least one line.
  public func forEachPointPage(
    from top: Double, to bottom: Double, measurer: any TextMeasurer, lineHeight: Double,
    pageHeight: Double = 65_536, _ body: (_ scene: PointScene, _ yOffset: Double) -> Void
  ) {
    withDocumentDrawing {
      drawPointPages(
        from: top, to: bottom, measurer: measurer, lineHeight: lineHeight, pageHeight: pageHeight, body)
    }
  }

  private func drawPointPages(
    from top: Double, to bottom: Double, measurer: any TextMeasurer, lineHeight: Double, pageHeight: Double,
    _ body: (_ scene: PointScene, _ yOffset: Double) -> Void
  ) {
    let width = collectionView.viewport.width
    let pageHeight = pageHeight.isFinite ? max(pageHeight, lineHeight, 1) : 65_536
    var offset = top
    while offset < bottom {
      let height = min(pageHeight, bottom - offset)
      // Every row that starts on the page is visible, however far below it ends.
      setViewportSize(width: width, height: height)
      collectionView.setContentOffset(offset)
      let scene = PointScene(
        collectionView, measurer: measurer, lineHeight: lineHeight, cellsFrom: offset, lineCache: nil)
      body(scene, collectionView.viewport.contentOffset - top)
      offset += height
    }
  }
}
