import ChatTranscript
import ChatTranscriptLists
import Testing

/// Two models that have nothing in common.
struct User {
  var firstName: String
  var lastName: String
  var email: String
  var avatar: String?
}

struct Pet {
  var name: String
  var species: String
  var ageInYears: Int
}

/// Adapters: each model tells the cell what to show; the cell knows neither.
struct UserRow: DetailCellContent {
  var user: User
  var title: String { "\(user.firstName) \(user.lastName)" }
  var detail: String { user.email }
  var imageDescription: String? { user.avatar }
}

struct PetRow: DetailCellContent {
  var pet: Pet
  var title: String { pet.name }
  var detail: String { "\(pet.species), \(pet.ageInYears) years" }
  var imageDescription: String? { "pet photo" }
}

/// The cell under test, fed by a plain struct.
struct PlainContent: DetailCellContent {
  var title: String
  var detail: String = ""
  var imageDescription: String?
  var actionTitle: String?
}

@Suite struct DetailCellTests {
  func cell(width: Double = 40, _ content: some DetailCellContent) -> DetailCell {
    let height = DetailCell.height(for: content, width: width)
    let cell = DetailCell(frame: Rect(x: 0, y: 0, width: width, height: height))
    cell.configure(with: content)
    return cell
  }

  @Test func aPlainStructConfiguresTheCell() {
    let cell = cell(PlainContent(title: "Title", detail: "Detail", imageDescription: "img"))
    #expect(cell.titleLabel.text == "Title")
    #expect(cell.detailLabel.text == "Detail")
    #expect(cell.imageView.imageDescription == "img")
    #expect(cell.imageView.frame == Rect(x: 0, y: 0, width: 6, height: 3))
    #expect(cell.titleLabel.frame == Rect(x: 7, y: 0, width: 33, height: 1))
    #expect(cell.detailLabel.frame == Rect(x: 7, y: 1, width: 33, height: 1))
    #expect(cell.actionButton.isHidden)
  }

  @Test(arguments: [40.0, 80.0, 120.0])
  func aMissingImageCollapsesItsSlot(width: Double) {
    let with = PlainContent(title: "Title", detail: "Detail", imageDescription: "img")
    let without = PlainContent(title: "Title", detail: "Detail")
    #expect(DetailCell.height(for: with, width: width) == 3, "as tall as the image")
    #expect(DetailCell.height(for: without, width: width) == 2, "title and detail only")
    let cell = cell(width: width, without)
    #expect(cell.imageView.isHidden)
    #expect(cell.titleLabel.frame == Rect(x: 0, y: 0, width: width, height: 1))
  }

  @Test func longTextsWrapBesideTheImageAndTheButton() {
    let content = PlainContent(
      title: "A title long enough to wrap", detail: "and a detail line", imageDescription: "img",
      actionTitle: "edit")
    // 40 columns: image 6 + gap 1 on the left, "edit" 4 + gap 1 on the right: 28 for text.
    #expect(DetailCell.height(for: content, width: 40) == 3)
    #expect(DetailCell.height(for: content, width: 20) == 7, "8 columns: title 4 lines, detail 3")
    let cell = cell(content)
    #expect(cell.actionButton.frame == Rect(x: 36, y: 0, width: 4, height: 1))
    #expect(cell.titleLabel.frame.width == 28)
  }

  @Test func unrelatedModelsReuseOneCellThroughAdapters() {
    let cell = DetailCell(frame: Rect(x: 0, y: 0, width: 40, height: 3))
    cell.configure(
      with: UserRow(user: User(firstName: "Ada", lastName: "Lovelace", email: "ada@example.org")))
    #expect(cell.titleLabel.text == "Ada Lovelace")
    #expect(cell.detailLabel.text == "ada@example.org")
    #expect(cell.imageView.isHidden)
    cell.prepareForReuse()
    cell.configure(with: PetRow(pet: Pet(name: "Rex", species: "dog", ageInYears: 3)))
    #expect(cell.titleLabel.text == "Rex")
    #expect(cell.detailLabel.text == "dog, 3 years")
    #expect(!cell.imageView.isHidden)
    #expect(cell.titleLabel.frame.minX == 7)
  }

  @Test func reuseClearsEverything() {
    let cell = cell(PlainContent(title: "T", detail: "D", imageDescription: "img", actionTitle: "go"))
    var taps = 0
    cell.actionButton.addAction { taps += 1 }
    cell.prepareForReuse()
    cell.actionButton.sendActions()
    #expect(taps == 0)
    #expect(cell.titleLabel.text.isEmpty && cell.detailLabel.text.isEmpty)
    #expect(cell.imageView.isHidden && cell.actionButton.isHidden)
  }

  @Test func aWiderFrameLaysTheCellOutAgain() {
    let cell = cell(PlainContent(title: "A title long enough to wrap"))
    cell.frame = Rect(x: 0, y: 0, width: 10, height: 3)
    #expect(cell.titleLabel.frame == Rect(x: 0, y: 0, width: 10, height: 4))
  }
}
