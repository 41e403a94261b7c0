import ChatTranscript

/// The texts message cells show for a date, in UTC (see ``Timestamp``: a viewer's zone is
/// applied by shifting the timestamp before it reaches the transcript).
extension Timestamp {
  /// `HH:MM`, what a bubble's footer shows.
  public var timeOfDayText: String {
    Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
  }

  /// `Sat 21 Nov 2026`, what a day separator shows.
  public var dayText: String {
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(weekdays[weekday]) \(day) \(months[month - 1]) \(year)"
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
