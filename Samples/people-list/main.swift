// A list of people, each row with a button that sets a random age. The row updates through
// the observed `age` property: the list is never reloaded, no other cell is configured again.
//
//   swift run people-list [--seed S]
//
// It prints the screen before and after three taps, and what the taps cost.

import ChatTranscript
import ChatTranscriptLists
import ChatTranscriptRendering

/// A person whose age the list observes.
final class Person: ObservableModel {
  let propertyObservers = PropertyObservers<Person>()
  let name: String
  var age: Int { didSet { propertyDidChange(\.age) } }

  init(name: String, age: Int) {
    self.name = name
    self.age = age
  }
}

/// What a row shows of a person, and its button.
struct PersonRow: DetailCellContent {
  var person: Person
  var title: String { person.name }
  var detail: String { "age \(person.age)" }
  var imageDescription: String? { nil }
  var actionTitle: String? { "random age" }
}

/// A small repeatable generator (SplitMix64), so runs can be compared.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

let arguments = CommandLine.arguments.dropFirst()
let seed = arguments.firstIndex(of: "--seed").flatMap { UInt64(arguments[arguments.index(after: $0)]) } ?? 1
var random = SplitMix64(state: seed)

let names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Tim"]
let people = (0..<10_000).map {
  Person(name: "\(names[$0 % names.count]) \($0 / names.count + 1)", age: 20 + $0 % 60)
}

typealias RowPresenter = DetailRowPresenter<Person, DetailCell>
var setRandomAge: (Person) -> Void = { _ in }
let list = PlainListDataSource(
  models: people, rowHeight: 2, viewport: Viewport(width: 44, height: 12), presenterTypes: [RowPresenter.self]
) { person in
  RowPresenter(model: person, content: { PersonRow(person: $0) }, action: { setRandomAge($0) })
}
setRandomAge = { person in person.age = Int.random(in: 1...99, using: &random) }

let view = list.collectionView
print("10,000 people, \(view.visibleCells.count) rows on screen:")
print(PlainTextRenderer().render(view))

// Tap the button of three visible rows, as a user would.
let configuredBefore = view.configureCount
var tapped: [String] = []
for row in [0, 2, 5] {
  guard let cell = view.cell(forRow: row) as? DetailCell else { continue }
  let button = cell.actionButton.frame(in: nil)
  let before = people[row].age
  guard view.tap(at: Point(x: button.minX, y: button.minY - view.viewport.contentOffset)) else { continue }
  tapped.append("\(people[row].name): \(before) → \(people[row].age)")
}

print("After tapping \(tapped.count) buttons (\(tapped.joined(separator: "; "))):")
print(PlainTextRenderer().render(view))
print(
  "cells configured again: \(view.configureCount - configuredBefore); "
    + "presenters alive: \(list.presenters.count); "
    + "people observed: \(people.reduce(0) { $0 + $1.propertyObservers.count })")
