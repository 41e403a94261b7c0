import ChatTranscriptLists

/// An observable model for list tests.
final class Person: ObservableModel {
  let propertyObservers = PropertyObservers<Person>()
  let name: String
  var age: Int { didSet { propertyDidChange(\.age) } }
  var nickname: String { didSet { propertyDidChange(\.nickname) } }

  init(name: String, age: Int, nickname: String = "") {
    self.name = name
    self.age = age
    self.nickname = nickname
  }
}

/// What a person row shows, with a button to randomize the age.
struct PersonRow: DetailCellContent {
  var person: Person
  var title: String { person.name }
  var detail: String { "age \(person.age)" }
  var imageDescription: String? { nil }
  var actionTitle: String? { "randomize" }
}
