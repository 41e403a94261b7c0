import ChatTranscript
import ChatTranscriptMessages
import TestSupport
import Testing
import TranscriptGenerator

@Suite struct TimestampTests {
  static let instants: [(text: String, seconds: Int64)] = [
    ("1970-01-01T00:00:00Z", 0),
    ("1969-12-31T23:59:59Z", -1),
    ("2000-03-01T00:00:00Z", 951_868_800),
    ("2026-11-21T10:00:00Z", 1_795_255_200),
    ("0000-01-01T00:00:00Z", -62_167_219_200),
    ("9999-12-31T23:59:59Z", 253_402_300_799),
  ]

  @Test(arguments: instants)
  func parsesAndFormats(text: String, seconds: Int64) {
    #expect(Timestamp(iso8601: text) == Timestamp(secondsSince1970: seconds))
    #expect(Timestamp(secondsSince1970: seconds).iso8601 == text)
    #expect(Timestamp(secondsSince1970: seconds).description == text)
  }

  @Test func givesCalendarFields() throws {
    let date = try #require(Timestamp(iso8601: "2026-11-21T10:07:09+02:00"))
    #expect(date.iso8601 == "2026-11-21T08:07:09Z")
    #expect((date.year, date.month, date.day) == (2026, 11, 21))
    #expect((date.hour, date.minute, date.second) == (8, 7, 9))
    #expect(date.secondOfDay == 8 * 3_600 + 7 * 60 + 9)
    #expect(date.weekday == 6)  // a Saturday
    #expect(date.dayNumber == 20_778)

    let beforeEpoch = Timestamp(secondsSince1970: -1)
    #expect(beforeEpoch.dayNumber == -1)
    #expect((beforeEpoch.hour, beforeEpoch.minute, beforeEpoch.second) == (23, 59, 59))
    #expect(beforeEpoch.weekday == 3)  // 1969-12-31 was a Wednesday
    #expect(Timestamp(secondsSince1970: 86_399).dayNumber == 0)
    #expect(Timestamp(secondsSince1970: 86_400).dayNumber == 1)
  }

  @Test func comparesByInstant() throws {
    let earlier = try #require(Timestamp(iso8601: "2026-11-21T12:00:00+02:00"))
    let later = try #require(Timestamp(iso8601: "2026-11-21T10:00:01Z"))
    #expect(earlier < later)
    #expect(earlier == Timestamp(iso8601: "2026-11-21T10:00:00.999Z"))
  }

  @Test func buildsFromComponents() {
    #expect(
      Timestamp(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59)?.iso8601
        == "2024-02-29T23:59:59Z")
    #expect(Timestamp(year: 2023, month: 2, day: 29) == nil)
    #expect(Timestamp(year: 2023, month: 4, day: 31) == nil)
    #expect(Timestamp(year: 10_000, month: 1, day: 1) == nil)
    #expect(Timestamp(year: 2023, month: 1, day: 1, hour: 24) == nil)
  }

  /// Far-away instants format with expanded years and never trap.
  @Test(arguments: [Int64.min, Int64.min + 1, -62_167_219_201, 253_402_300_800, Int64.max])
  func formatsExtremeInstants(seconds: Int64) {
    let timestamp = Timestamp(secondsSince1970: seconds)
    let text = timestamp.iso8601
    #expect(text.hasSuffix("Z"))
    #expect(text.hasPrefix(timestamp.year < 0 ? "-" : "+"))
    #expect((1...12).contains(timestamp.month) && (1...31).contains(timestamp.day))
    #expect((0...6).contains(timestamp.weekday))
  }

  /// The closed-form calendar agrees with counting days one year and one month at a time.
  @Test func agreesWithDayCounting() {
    let seed = SeededRandom.seed(fromEnvironment: "STREAMS_SEED", default: 20_261_122)
    var random = SeededRandom(seed: seed)
    for _ in 0..<300 {
      let day = Int64.random(in: -1_500_000...1_500_000, using: &random)
      let timestamp = Timestamp(secondsSince1970: day * 86_400 + Int64.random(in: 0..<86_400, using: &random))
      let expected = Self.countedDate(dayNumber: day)
      #expect(timestamp.dayNumber == day, "seed \(seed)")
      #expect(timestamp.year == expected.year && timestamp.month == expected.month, "seed \(seed): \(day)")
      #expect(timestamp.day == expected.day, "seed \(seed): \(day)")
      if (0...9999).contains(expected.year) {
        #expect(Timestamp(iso8601: timestamp.iso8601) == timestamp, "seed \(seed): \(timestamp)")
      }
    }
  }

  /// The reference: walk from 1970-01-01 year by year, then month by month.
  private static func countedDate(dayNumber: Int64) -> (year: Int64, month: Int, day: Int) {
    func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
    func length(_ month: Int, _ year: Int64) -> Int64 {
      [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
    var year: Int64 = 1970
    var remaining = dayNumber
    while remaining < 0 {
      year -= 1
      remaining += isLeap(year) ? 366 : 365
    }
    while remaining >= (isLeap(year) ? 366 : 365) {
      remaining -= isLeap(year) ? 366 : 365
      year += 1
    }
    var month = 1
    while remaining >= length(month, year) {
      remaining -= length(month, year)
      month += 1
    }
    return (year, month, Int(remaining) + 1)
  }
}
