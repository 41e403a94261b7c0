import ChatTranscript
import Testing

@Suite struct ViewTreeTests {
  @Test func framesConvertUpTheTree() {
    let root = View(frame: Rect(x: 0, y: 100, width: 80, height: 24))
    let bubble = View(frame: Rect(x: 10, y: 2, width: 30, height: 5))
    let label = Label(text: "hi", frame: Rect(x: 1, y: 1, width: 20, height: 1))
    root.addSubview(bubble)
    bubble.addSubview(label)
    #expect(label.frame(in: root) == Rect(x: 11, y: 3, width: 20, height: 1))
    #expect(label.frame() == Rect(x: 11, y: 103, width: 20, height: 1))
  }

  @Test func hitTestingFindsTheFrontmostVisibleView() {
    let root = View(frame: Rect(x: 0, y: 0, width: 80, height: 24))
    let back = Label(text: "back", frame: Rect(x: 0, y: 0, width: 40, height: 10))
    let button = Button(text: "retry", frame: Rect(x: 5, y: 5, width: 10, height: 1))
    root.addSubview(back)
    root.addSubview(button)
    #expect(root.hitTest(Point(x: 6, y: 5)) === button)
    #expect(root.hitTest(Point(x: 6, y: 6)) === back)
    button.isHidden = true
    #expect(root.hitTest(Point(x: 6, y: 5)) === back)
    #expect(root.hitTest(Point(x: 100, y: 5)) == nil)
  }

  @Test func buttonsRunTheirActionsInOrder() {
    let button = Button(text: "ok")
    var calls: [Int] = []
    button.addAction { calls.append(1) }
    button.addAction { calls.append(2) }
    button.sendActions()
    #expect(calls == [1, 2])
    button.removeAllActions()
    button.sendActions()
    #expect(calls == [1, 2])
  }

  /// A parent does not keep itself alive through its subviews, and a subview that outlives it
  /// has no superview.
  @Test func aSubviewOutlivingItsParentHasNoSuperview() {
    let child = View()
    weak var gone: View?
    do {
      let parent = View()
      gone = parent
      parent.addSubview(child)
      #expect(child.superview === parent)
    }
    #expect(gone == nil)
    #expect(child.superview == nil)
    #expect(child.frame(in: nil) == child.frame)
  }

  @Test func movingAViewDetachesItFromItsOldParent() {
    let first = View()
    let second = View()
    let child = View()
    first.addSubview(child)
    second.addSubview(child)
    #expect(first.subviews.isEmpty)
    #expect(second.subviews.count == 1)
    #expect(child.superview === second)
  }
}
