import ChatTranscript
import TextLayout

extension ChatTranscriptController {
  /// Rows drawn per page: few pages for a whole transcript, yet a small character grid
  /// whatever the transcript's height. A box that crosses a page's edge is drawn as two, one
  /// per page, so documents (SVG, HTML) keep pages this tall.
  public static let renderingPageRows = 4_096

  /// Rows per page when a page's drawing depends only on the rows it covers, as plain and
  /// ANSI text do (each line of output is one row): a page's cells few enough to stay in
  /// the caches between the thread that configures them and the one that reads them. Pages
  /// of 4,096 rows made `transcript render --format plain` of a million messages about 5 %
  /// slower and `follow` about 11 % slower than pages of 1,024 (medians of four rounds, same
  /// run); 512 rows were no faster than 1,024.
  public static let textPageRows = 1_024

  /// Draws content rows `top..<bottom` through `renderer`, a page at a time, at the viewport's
  /// width (the width the transcript is laid out for), handing each page to `emit` as lines that
  /// each end in a line feed.
  ///
  /// One scene for the whole span would be capped at the 100,000 rows a scene may have, so a
  /// transcript or a single message taller than that was cut off; pages also keep memory
  /// proportional to a page rather than to the transcript. Rows are laid out the same either
  /// way: each line of output depends only on what covers that row.
  ///
  /// Moves the viewport; the caller sets it back if it needs it.
  public func renderRows(
    from top: Double, to bottom: Double, by renderer: some SceneRenderer, _ emit: (String) -> Void
  ) {
    forEachPage(from: top, to: bottom, measurer: renderer.measurer) { scene, _ in
      emit(renderer.render(scene) + "\n")
    }
  }

  /// The scenes of content rows `top..<bottom`, a page of at most ``renderingPageRows`` rows at
  /// a time, each with the row its page starts at (counted from `top`): what a document
  /// renderer (``SVGRenderer/elements(of:rowOffset:)``) writes one after another.
  ///
  /// Labels are wrapped once, however many pages they span. Pinned headers are not pinned
  /// here (``CollectionView/pinsHeaders`` is off while the pages are drawn): in a document
  /// every row is drawn once, where it is, and a heading repeated at the top of each page
  /// would be drawn over the rows there. Nor is there a working range
  /// (``CollectionView/workingRangeDistance`` is `nil` meanwhile): pages are drawn, not
  /// scrolled to, and telling presenters of the three pages around each one cost a twentieth
  /// of the drawing. Moves the viewport.
  public func forEachPage(
    from top: Double, to bottom: Double, measurer: any TextMeasurer = TerminalTextMeasurer(),
    _ body: (_ scene: RenderScene, _ rowOffset: Int) -> Void
  ) {
    let lineCache = LabelLineCache()
    forEachPageDraft(from: top, to: bottom) { draft, rowOffset in
      body(draft.scene(measurer: measurer, lineCache: lineCache), rowOffset)
    }
  }

  /// ``forEachPage(from:to:measurer:_:)`` with each page read but not wrapped: `body` can hand
  /// the draft to another thread, which wraps it into a scene
  /// (``SceneDraft/scene(measurer:lineCache:)``, one ``LabelLineCache`` for all the pages,
  /// in order) while this one reads the next page. Moves the viewport.
  public func forEachPageDraft(
    from top: Double, to bottom: Double, _ body: (_ draft: SceneDraft, _ rowOffset: Int) -> Void
  ) {
    withDocumentDrawing { drawPages(from: top, to: bottom, body) }
  }

  /// Runs `body` with pinned headers and the working range turned off, as drawing every row of
  /// a document once needs, and turns them back as they were after.
  func withDocumentDrawing(_ body: () -> Void) {
    let (pinsHeaders, workingRangeDistance) = (
      collectionView.pinsHeaders, collectionView.workingRangeDistance
    )
    collectionView.pinsHeaders = false
    collectionView.workingRangeDistance = nil
    defer {
      (collectionView.pinsHeaders, collectionView.workingRangeDistance) = (pinsHeaders, workingRangeDistance)
    }
    body()
  }

  /// ``forEachPageDraft(from:to:_:)`` with pinning and the working range already off.
  private func drawPages(
    from top: Double, to bottom: Double, _ body: (_ draft: SceneDraft, _ rowOffset: Int) -> Void
  ) {
    let width = collectionView.viewport.width
    Self.forEachPageSpan(from: top, to: bottom) { offset, height, rowOffset in
      // The width stays: the collection view alone changes, in one layout pass.
      collectionView.setViewportSize(width: width, height: height, contentOffset: offset)
      body(SceneDraft(collectionView), rowOffset)
    }
  }

  /// Content rows `top..<bottom` cut into pages of at most `pageRows` rows (at least 1):
  /// each page's top, height and first row counted from `top`.
  static func forEachPageSpan(
    from top: Double, to bottom: Double, pageRows: Int = renderingPageRows,
    _ body: (_ offset: Double, _ height: Double, _ rowOffset: Int) -> Void
  ) {
    var offset = top
    var rowOffset = 0
    let pageHeight = Double(max(pageRows, 1))
    while offset < bottom {
      let height = min(pageHeight, bottom - offset)
      body(offset, height, rowOffset)
      offset += height
      rowOffset += Int(height)
    }
  }
}
