/// A point in time to the second: whole seconds since 1970-01-01T00:00:00Z, UTC.
///
/// The module avoids Foundation, so this small value type stands in for `Date`. It keeps only the
/// instant: the offset and the fractional seconds of the text it was parsed from are not kept, which
/// makes equal instants compare equal however they were written. The calendar helpers use the proleptic
/// Gregorian calendar in UTC, which is what a decorator needs to group messages by day and to print
/// `HH:MM`; converting to a viewer's time zone is left to the caller (add the offset to
/// `secondsSince1970` first).
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z; negative before it.
  public var secondsSince1970: Int64

  /// Creates a timestamp from seconds since 1970-01-01T00:00:00Z.
  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// Creates a timestamp from a UTC calendar date and time of day.
  ///
  /// Returns `nil` when a component is out of range (month 1–12, day within the month, hour 0–23,
  /// minute 0–59, second 0–59) or the year is outside 0–9999 (the years the wire format can express).
  public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
    guard (0...9999).contains(year), (1...12).contains(month),
      (1...Timestamp.daysInMonth(month, ofYear: Int64(year))).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    let days = Timestamp.dayNumber(year: Int64(year), month: month, day: day)
    secondsSince1970 = days * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSince1970 < rhs.secondsSince1970
  }

  /// Days since 1970-01-01 in UTC (negative before it): equal for two timestamps on the same UTC day,
  /// which is how a decorator decides where to inject a day separator.
  public var dayNumber: Int64 {
    let (days, remainder) = secondsSince1970.quotientAndRemainder(dividingBy: 86_400)
    return remainder < 0 ? days - 1 : days
  }

  /// Seconds since the start of the UTC day, 0–86399.
  public var secondOfDay: Int {
    let remainder = Int(secondsSince1970 % 86_400)
    return remainder < 0 ? remainder + 86_400 : remainder
  }

  /// Hour of the UTC day, 0–23.
  public var hour: Int { secondOfDay / 3_600 }

  /// Minute of the hour, 0–59.
  public var minute: Int { secondOfDay / 60 % 60 }

  /// Second of the minute, 0–59.
  public var second: Int { secondOfDay % 60 }

  /// Day of the week in UTC: 0 is Sunday, 6 is Saturday.
  public var weekday: Int {
    // 1970-01-01 was a Thursday (4).
    let remainder = Int((dayNumber % 7 + 7) % 7)
    return (remainder + 4) % 7
  }

  /// The UTC calendar year; may lie outside 0–9999 for far-away instants.
  public var year: Int64 { civilDate.year }

  /// The UTC calendar month, 1–12.
  public var month: Int { civilDate.month }

  /// The UTC day of the month, 1–31.
  public var day: Int { civilDate.day }

  /// The instant as `YYYY-MM-DDTHH:MM:SSZ`, the form the wire format writes.
  ///
  /// Years outside 0–9999 are written with a sign and as many digits as needed (`+10000-…`,
  /// `-0001-…`), as ISO 8601's expanded representation does; the decoder accepts four-digit years only.
  public var iso8601: String {
    let date = civilDate
    var text = ""
    if date.year < 0 {
      text += "-" + Timestamp.padded(date.year.magnitude, width: 4)
    } else if date.year > 9_999 {
      text += "+" + Timestamp.padded(date.year.magnitude, width: 4)
    } else {
      text += Timestamp.padded(date.year.magnitude, width: 4)
    }
    text += "-" + Timestamp.padded(UInt64(date.month), width: 2)
    text += "-" + Timestamp.padded(UInt64(date.day), width: 2)
    text += "T" + Timestamp.padded(UInt64(hour), width: 2)
    text += ":" + Timestamp.padded(UInt64(minute), width: 2)
    text += ":" + Timestamp.padded(UInt64(second), width: 2) + "Z"
    return text
  }

  public var description: String { iso8601 }
}

extension Timestamp {
  /// Days from 1970-01-01 to the given proleptic Gregorian date.
  ///
  /// Counts in 400-year eras whose years start on March 1, so the leap day is the last day of its year
  /// and the month lengths from March on follow the fixed pattern that `(153 * m + 2) / 5` produces.
  /// The caller keeps `year` small enough (|year| < 2^50) that nothing overflows.
  static func dayNumber(year: Int64, month: Int, day: Int) -> Int64 {
    let marchYear = month <= 2 ? year - 1 : year
    let era = marchYear >= 0 ? marchYear / 400 : (marchYear - 399) / 400
    let yearOfEra = marchYear - era * 400  // 0...399
    let marchMonth = Int64(month > 2 ? month - 3 : month + 9)  // March is 0
    let dayOfYear = (153 * marchMonth + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    // 719468 is the day of era-based counting that falls on 1970-01-01.
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of this instant in UTC: the inverse of `dayNumber(year:month:day:)`.
  ///
  /// Safe for every `Int64` second count: the day number is below 2^47, far from overflow.
  var civilDate: (year: Int64, month: Int, day: Int) {
    let shifted = dayNumber + 719_468
    let era = shifted >= 0 ? shifted / 146_097 : (shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097  // 0...146096
    // Remove the leap days the era has seen before this day to count 365-day years.
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let marchMonth = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * marchMonth + 2) / 5 + 1)
    let month = Int(marchMonth < 10 ? marchMonth + 3 : marchMonth - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The number of days in a month of the proleptic Gregorian calendar.
  static func daysInMonth(_ month: Int, ofYear year: Int64) -> Int {
    switch month {
    case 2:
      let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return isLeap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Decimal digits of `value`, left-padded with zeros to at least `width`.
  private static func padded(_ value: UInt64, width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
