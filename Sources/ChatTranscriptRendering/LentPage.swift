@_spi(Internals) import ChatTranscript

/// A page of a document laid out in cells of its own, lent to whichever thread reads it into
/// a ``SceneDraft``.
///
/// ``ChatTranscriptController/forEachLentPage(from:to:_:)`` hands these out. The thread that
/// owns the controller goes on to lay out the next page while another thread calls
/// ``read()``; the page's cells are not touched again until it has. A page let go unread is
/// given back too. A controller let go waits for its pages to be read or let go, so that
/// their views go on its own thread.
public final class LentPage: Sendable {
  private let loan: PageLoan
  /// The draft, once read: a page is read once, and a second read gets the same draft.
  private let draft = Locked<SceneDraft?>(nil)

  init(_ loan: PageLoan) {
    self.loan = loan
  }

  /// Configures now, on the calling thread, the cells left for the reader: those whose
  /// presenters configure off the owner (``ChatTranscript/ChatItemPresenter/configuresCellsOffOwner``).
  /// The owner calls this before it hands the page over when the reader is the busier of the
  /// two; ``read()`` configures whatever is left. Only the first call does anything.
  public func configureCells() {
    draft.withLock { _ in loan.configureCells() }
  }

  /// The page's draft, read on the calling thread, any thread; the page's cells are given
  /// back as soon as it is read. The cells whose presenters configure off the owner are
  /// configured here first.
  public func read() -> SceneDraft {
    draft.withLock { draft in
      if let draft { return draft }
      loan.configureCells()
      let read = SceneDraft(loan.view)
      loan.giveBack()
      draft = read
      return read
    }
  }
}

extension ChatTranscriptController {
  /// ``forEachPageDraft(from:to:_:)`` with the reading of each page left to another thread:
  /// `body` gets the page lent (``LentPage``) rather than read, hands it to the thread that
  /// wraps and draws pages, and returns at once to have the next page laid out.
  ///
  /// Pages are laid out in off-screen collection views of their own, not in
  /// ``collectionView``: its viewport and cells stay as they were, presenters are not told
  /// of these cells (their visible cell is the one on screen), and pinned headers and the
  /// working range play no part. A view is laid out again only once its last page was read or
  /// let go, so the owner never waits for the reader; a reader that falls behind makes
  /// another view.
  ///
  /// - Parameter pageRows: the most rows a page holds: ``renderingPageRows`` for documents,
  ///   where a box crossing a page's edge is drawn as two; ``textPageRows`` for plain and
  ///   ANSI text, which draw each row alike however the rows are paged.
  public func forEachLentPage(
    from top: Double, to bottom: Double, pageRows: Int = renderingPageRows,
    _ body: (_ page: LentPage, _ rowOffset: Int) -> Void
  ) {
    let width = collectionView.viewport.width
    Self.forEachPageSpan(from: top, to: bottom, pageRows: pageRows) { offset, height, rowOffset in
      body(LentPage(pageViews.lendView(width: width, height: height, contentOffset: offset)), rowOffset)
    }
  }
}
