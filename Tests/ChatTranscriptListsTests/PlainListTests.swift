import ChatTranscript
import ChatTranscriptLists
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct PlainListTests {
  typealias RowPresenter = DetailRowPresenter<Person, DetailCell>

  /// A list of people, 2 rows each, in a 40×10 viewport (5 rows visible), with a
  /// "randomize" button that sets a seeded random age.
  final class PeopleList {
    let people: [Person]
    let list: PlainListDataSource<Person>
    var random = SeededRandom(seed: 42)

    init(count: Int) {
      let people = (0..<count).map { Person(name: "Person \($0)", age: $0 % 90) }
      self.people = people
      var randomize: (Person) -> Void = { _ in }
      list = PlainListDataSource(
        models: people, rowHeight: 2, viewport: Viewport(width: 40, height: 10),
        presenterTypes: [RowPresenter.self]
      ) { person in
        RowPresenter(model: person, content: { PersonRow(person: $0) }, action: { randomize($0) })
      }
      randomize = { [unowned self] person in person.age = 100 + random.int(in: 0...899) }
    }

    var view: CollectionView { list.collectionView }

    /// The detail text of each visible row, by row.
    var details: [Int: String] {
      Dictionary(
        uniqueKeysWithValues: view.visibleCells.compactMap { row, cell in
          (cell as? DetailCell).map { (row, $0.detailLabel.text) }
        })
    }

    var cellsCreated: Int { view.cellsCreated.values.reduce(0, +) }

    func subscriptions(_ range: Range<Int>) -> Int {
      people[range].reduce(0) { $0 + $1.propertyObservers.count }
    }
  }

  @Test func onlyVisibleRowsGetPresentersAndSubscriptions() {
    let people = PeopleList(count: 100_000)
    #expect(people.view.visibleCells.map(\.row) == [0, 1, 2, 3, 4])
    #expect(people.list.presenters.count == 5)
    #expect(people.cellsCreated == 5)
    #expect(people.subscriptions(0..<100_000) == 5)
    #expect(people.details[0] == "age 0")
  }

  @Test func scrollingAHundredThousandRowsKeepsOnePresenterPerCell() {
    let people = PeopleList(count: 100_000)
    let seed = SeededRandom.seed(fromEnvironment: "PLAIN_LIST_SEED", default: 3)
    var random = SeededRandom(seed: seed)
    let maximum = Int(people.view.maximumContentOffset)
    #expect(maximum == 199_990)
    for step in 0..<400 {
      let offset =
        step % 4 == 0 ? random.int(in: 0...maximum) : Int(people.view.viewport.contentOffset) + step % 7
      people.view.setContentOffset(Double(offset))
      #expect(people.list.presenters.count <= people.cellsCreated, "seed \(seed), step \(step)")
    }
    #expect(people.cellsCreated <= 6, "5 rows visible, 6 when scrolled between rows")
    #expect(people.subscriptions(0..<100_000) == people.view.visibleCells.count)
  }

  @Test func theButtonChangesTheModelAndOnlyItsCellUpdates() throws {
    let people = PeopleList(count: 1_000)
    people.view.setContentOffset(40)
    let before = people.details
    let configured = people.view.configureCount
    let cell = try #require(people.view.cell(forRow: 22) as? DetailCell)
    let button = cell.actionButton.frame(in: nil)
    #expect(people.view.tap(at: Point(x: button.minX, y: button.minY - 40)))
    let age = people.people[22].age
    #expect(age >= 100)
    var expected = before
    expected[22] = "age \(age)"
    #expect(people.details == expected)
    #expect(people.view.configureCount == configured, "the presenter refreshed its cell directly")
  }

  @Test func changesReachOnlyVisibleRows() {
    let people = PeopleList(count: 1_000)
    let before = people.details
    people.people[500].age = 7  // off screen: nobody listens
    #expect(people.details == before)
    people.people[3].nickname = "Tre"  // visible, but not what the row shows
    #expect(people.details == before)
    people.people[3].age = 99
    var expected = before
    expected[3] = "age 99"
    #expect(people.details == expected)
    people.view.setContentOffset(1_000)
    #expect(people.details[500] == "age 7", "a row that appears shows the current model")
  }

  @Test func aRecycledCellNeverShowsItsFormerModel() throws {
    let people = PeopleList(count: 1_000)
    let cell = try #require(people.view.cell(forRow: 0) as? DetailCell)
    people.view.setContentOffset(100)
    let row = try #require(people.view.visibleCells.first { $0.cell === cell }?.row, "the cell was reused")
    #expect(row != 0)
    let shown = cell.detailLabel.text
    people.people[0].age = 77
    #expect(cell.detailLabel.text == shown)
    #expect(people.people[0].propertyObservers.count == 0)
  }

  @Test func presentersAndSubscriptionsAreReleased() {
    let people = PeopleList(count: 1_000)
    weak let first = people.list.presentation(ofRow: 0).presenter as? RowPresenter
    #expect(first?.isObserving == true)
    people.view.setContentOffset(500)
    #expect(first == nil, "its cell now shows another row")
    #expect(people.subscriptions(0..<50) == 0)
    people.view.setContentOffset(0)
    #expect(people.subscriptions(0..<1_000) == 5)
  }

  @Test func aRowThatScrollsBackKeepsItsPresenterWhileTheCellWaits() {
    let people = PeopleList(count: 1_000)
    people.view.setContentOffset(1)  // rows 0–5 visible: six cells
    weak let presenter = people.list.presentation(ofRow: 0).presenter as? RowPresenter
    people.view.setContentOffset(2)  // row 0 hides and nothing takes its cell
    #expect(presenter != nil, "kept with the cell waiting in the pool")
    #expect(presenter?.isObserving == false, "but no longer subscribed")
    #expect(people.subscriptions(0..<1) == 0)
    people.view.setContentOffset(0)
    #expect(people.list.presentation(ofRow: 0).presenter === presenter)
    #expect(presenter?.isObserving == true)
    // Row 0 took the cell row 5 just left, and row 5's presenter went with it.
    #expect(people.list.presenters.count == 5)
    #expect(people.cellsCreated == 6)
  }

  @Test func reloadingDropsEveryPresenter() {
    let people = PeopleList(count: 100)
    weak let first = people.list.presentation(ofRow: 0).presenter as? RowPresenter
    people.list.reload(Array(people.people.reversed()))
    #expect(first == nil)
    #expect(people.details[0] == "age \(99 % 90)")
    #expect(people.list.presenters.count == 5)
    #expect(people.subscriptions(0..<100) == 5)
  }
}
