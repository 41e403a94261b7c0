import ChatTranscript
import TextLayout

/// Where a ``DetailCell`` puts its image, texts and button, and how tall it is.
///
/// The image slot (when there is an image) takes `imageWidth` columns plus a blank one on
/// the left and is `imageHeight` rows tall; the button takes its title's width plus a
/// blank column on the right. Title and detail wrap in the columns between. Height is the
/// title and detail lines, at least the image's rows, at least 1.
public struct DetailCellLayout: Sendable, Hashable {
  public static let imageWidth = 6
  public static let imageHeight = 3

  public var height: Int
  public var image: Rect
  public var title: Rect
  public var detail: Rect
  public var action: Rect

  public init(rowWidth: Double, content: some DetailCellContent, measurer: any TextMeasurer) {
    let columns = Columns.of(rowWidth)
    let hasImage = content.imageDescription != nil
    let actionWidth = content.actionTitle.map { min(displayWidth(of: VisibleText.of($0)), columns) } ?? 0
    let left = hasImage ? Self.imageWidth + 1 : 0
    let right = actionWidth > 0 ? columns - actionWidth - 1 : columns
    let textWidth = max(right - left, 1)
    let titleLines = measurer.measure(VisibleText.of(content.title), maxWidth: textWidth).lineCount
    let detailLines =
      content.detail.isEmpty
      ? 0 : measurer.measure(VisibleText.of(content.detail), maxWidth: textWidth).lineCount
    height = max(titleLines + detailLines, hasImage ? Self.imageHeight : 0, 1)
    image =
      hasImage ? Rect(x: 0, y: 0, width: Double(Self.imageWidth), height: Double(Self.imageHeight)) : .zero
    title = Rect(x: Double(left), y: 0, width: Double(textWidth), height: Double(titleLines))
    detail = Rect(
      x: Double(left), y: Double(titleLines), width: Double(textWidth), height: Double(detailLines))
    action =
      actionWidth > 0
      ? Rect(x: Double(columns - actionWidth), y: 0, width: Double(actionWidth), height: 1) : .zero
  }
}
