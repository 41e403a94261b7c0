import ChatTranscript

/// The parts every message bubble cell has: avatar, tail, failed icon, the bubble with an
/// optional sender line and footer. Subclasses add the content (text, photo).
///
/// Cells turn view models into views and hold no reference to a message, model or
/// presenter — only the values they show, to lay them out again at a new width. Taps go to
/// the buttons' actions, which the presenter attaches and `prepareForReuse` removes, so a
/// recycled cell can never report a tap to the presenter it served before. A cell class
/// decides its sizes (``metrics``) and how it writes sender names; themes pick the classes.
open class MessageBubbleCell: CollectionViewCell {
  /// The sender's initial; tapping it reports a tap on the avatar.
  public let avatar = Button()
  /// The bubble's pointer toward its sender, on the last message of a group.
  public let tail = Label()
  /// `!` beside an outgoing message that failed; tapping it asks for a retry.
  public let failedIcon = Button(text: "!")
  /// The bubble; tapping anything inside it reports a tap on the bubble.
  public let bubble = Button()
  public let senderLabel = Label()
  /// The first line of a reply: `> ann: Lunch at…`.
  public let quoteLabel = Label()
  public let footerLabel = Label()
  /// The reactions under the bubble: `👍 2  ❤️ 1`.
  public let reactionsLabel = Label()

  /// Sizes of this cell class; height calculators read them, so override this rather than
  /// moving views around after layout.
  open class var metrics: BubbleMetrics { .compact }

  /// How this cell class writes a sender's name in the sender line.
  open class func displayName(forSender sender: String) -> String { sender }

  public static let incomingTail = "◀"
  public static let outgoingTail = "▶"

  public required init(frame: Rect = .zero) {
    super.init(frame: frame)
    avatar.styleName = "avatar"
    tail.styleName = "tail"
    failedIcon.styleName = "failed"
    senderLabel.styleName = "sender"
    footerLabel.styleName = "footer"
    quoteLabel.styleName = "quote"
    reactionsLabel.styleName = "reactions"
    for view in [avatar, tail, failedIcon, bubble, reactionsLabel] as [View] { addSubview(view) }
    bubble.addSubview(senderLabel)
    bubble.addSubview(quoteLabel)
    bubble.addSubview(footerLabel)
    resetChrome()
  }

  /// Places and fills the chrome for `message`, with the quote cut to its width in terminal
  /// columns.
  public func apply(_ chrome: BubbleChrome, for message: MessageViewModel) {
    apply(
      chrome, for: message, quoteLine: message.quote?.line(fittingIn: Int(chrome.quote.width)),
      reactionsText: message.reactionsText)
  }

  /// Places and fills the chrome for `message`, with the quote cut to its width as `measurer`
  /// measures it (in points for a `PointTextMeasurer`): what the kit's bubbles call, so the
  /// quote a cell shows is the one its height was measured with.
  public func apply(_ chrome: BubbleChrome, for message: MessageViewModel, measurer: ItemTextMeasurer) {
    apply(
      chrome, for: message,
      quoteLine: message.quote?.line(fittingIn: Int(chrome.quote.width), measuredBy: measurer),
      reactionsText: message.reactionsText)
  }

  /// Places and fills the chrome with its quote line and reactions text already worked out
  /// (``TextBubbleLayout`` has them).
  func apply(
    _ chrome: BubbleChrome, for message: MessageViewModel, quoteLine: String?,
    reactionsText: @autoclosure () -> String?
  ) {
    bubble.frame = chrome.bubble
    bubble.styleName = message.isIncoming ? "bubble.incoming" : "bubble.outgoing"
    avatar.frame = chrome.avatar
    avatar.text = message.avatarText
    avatar.isHidden = !message.showsAvatar
    tail.frame = chrome.tail
    tail.text = message.isIncoming ? Self.incomingTail : Self.outgoingTail
    tail.isHidden = !message.showsTail
    failedIcon.frame = chrome.failedIcon
    failedIcon.isHidden = !message.showsFailedIcon
    senderLabel.frame = chrome.sender
    senderLabel.text = message.senderLine ?? ""
    senderLabel.isHidden = message.senderLine == nil
    quoteLabel.frame = chrome.quote
    quoteLabel.text = quoteLine ?? ""
    quoteLabel.isHidden = message.quote == nil
    footerLabel.frame = chrome.footer
    footerLabel.text = message.footerText(for: Self.metrics)
    footerLabel.isHidden = !message.showsFooter(with: Self.metrics)
    reactionsLabel.frame = chrome.reactions
    reactionsLabel.text = chrome.reactions == .zero ? "" : reactionsText() ?? ""
    reactionsLabel.isHidden = chrome.reactions == .zero
  }

  /// Detaches every action the presenter attached.
  public func removeAllActions() {
    // Named one by one: an array of them would be allocated on every reuse of the cell.
    avatar.removeAllActions()
    failedIcon.removeAllActions()
    bubble.removeAllActions()
  }

  open override func prepareForReuse() {
    super.prepareForReuse()
    resetChrome()
  }

  private func resetChrome() {
    removeAllActions()
    // One call per view rather than a loop over an array of them, allocated on every reuse.
    func clear(_ label: Label) {
      label.text = ""
      label.isHidden = true
    }
    clear(avatar)
    clear(tail)
    clear(senderLabel)
    clear(quoteLabel)
    clear(footerLabel)
    clear(reactionsLabel)
    failedIcon.isHidden = true
  }
}
