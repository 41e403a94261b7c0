import ChatTranscript

// The cells of ``PhoneTheme``: the kit's cells with sizes in points.

/// A text bubble with ``BubbleMetrics/phone`` sizes.
open class PhoneTextMessageCell: TextMessageCell {
  open override class var metrics: BubbleMetrics { .phone }
}

/// A photo bubble with ``BubbleMetrics/phone`` sizes.
open class PhonePhotoMessageCell: PhotoMessageCell {
  open override class var metrics: BubbleMetrics { .phone }
}

/// A system notice kept 24 points from each side.
open class PhoneSystemNoticeCell: SystemNoticeCell {
  open override class var horizontalInset: Int { 24 }
}

/// A status row ending where outgoing bubbles end, clear of the tail.
open class PhoneMessageStatusCell: MessageStatusCell {
  open override class var placement: SingleRowPlacement {
    .trailing(inset: BubbleMetrics.phone.tailWidth + BubbleMetrics.phone.horizontalPadding)
  }
}

/// A typing row starting where incoming bubbles' text starts.
open class PhoneTypingIndicatorCell: TypingIndicatorCell {
  open override class var placement: SingleRowPlacement {
    let phone = BubbleMetrics.phone
    return .leading(inset: phone.avatarWidth + phone.tailWidth + phone.horizontalPadding)
  }
}

/// A read receipt ending where outgoing bubbles end, clear of the tail.
open class PhoneReadReceiptCell: ReadReceiptCell {
  open override class var placement: SingleRowPlacement {
    .trailing(inset: BubbleMetrics.phone.tailWidth + BubbleMetrics.phone.horizontalPadding)
  }
}
