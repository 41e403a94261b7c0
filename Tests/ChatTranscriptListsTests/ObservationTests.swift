import ChatTranscriptLists
import Testing

@Suite struct ObservationTests {
  @Test func observersSeeTheirPropertyOnly() {
    let person = Person(name: "Ada", age: 36)
    var ages: [Int] = []
    var all: [PartialKeyPath<Person>] = []
    let ageToken = person.observe(\.age) { ages.append($0) }
    let allToken = person.observe(nil) { all.append($0) }
    person.age = 37
    person.nickname = "Countess"
    person.age = 38
    #expect(ages == [37, 38])
    #expect(all == [\Person.age, \Person.nickname, \Person.age])
    #expect(person.propertyObservers.count == 2)
    withExtendedLifetime((ageToken, allToken)) {}
  }

  @Test func cancellingOrReleasingTheTokenEndsTheSubscription() {
    let person = Person(name: "Ada", age: 36)
    var calls = 0
    let token = person.observe(\.age) { _ in calls += 1 }
    person.age += 1
    token.cancel()
    token.cancel()
    person.age += 1
    #expect(calls == 1)
    #expect(!token.isActive)
    do {
      let scoped = person.observe(\.age) { _ in calls += 1 }
      person.age += 1
      #expect(scoped.isActive)
    }
    person.age += 1
    #expect(calls == 2)
    #expect(person.propertyObservers.count == 0)
  }

  @Test func handlersMayCancelDuringANotification() {
    let person = Person(name: "Ada", age: 36)
    var log: [String] = []
    var second: ObservationToken?
    let first = person.observe(\.age) { _ in
      log.append("first")
      second?.cancel()
    }
    second = person.observe(\.age) { _ in log.append("second") }
    person.age += 1
    #expect(log == ["first"], "a cancelled subscription is not called afterwards")
    withExtendedLifetime(first) {}
  }

  @Test func theModelDoesNotKeepObserversAlive() {
    final class Watcher {
      var token: ObservationToken?
      var seen = 0
    }
    let person = Person(name: "Ada", age: 36)
    weak var released: Watcher?
    do {
      let watcher = Watcher()
      watcher.token = person.observe(\.age) { [weak watcher] _ in watcher?.seen += 1 }
      released = watcher
      person.age += 1
      #expect(watcher.seen == 1)
    }
    #expect(released == nil)
    #expect(person.propertyObservers.count == 0)
  }
}
