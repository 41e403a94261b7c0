import ChatTranscript

/// The texts message cells show for a date, in UTC (see ``Timestamp``: a viewer's zone is
/// applied by shifting the timestamp before it reaches the transcript).
extension Timestamp {
  /// `HH:MM`, what a bubble's footer shows.
  ///
  /// Built from five ASCII bytes: it is made for every message height, and five bytes fit
  /// a small string, so no concatenation or heap allocation is involved.
  public var timeOfDayText: String {
    let hour = UInt8(truncatingIfNeeded: self.hour)
    let minute = UInt8(truncatingIfNeeded: self.minute)
    let zero = UInt8(ascii: "0")
    let bytes: (UInt8, UInt8, UInt8, UInt8, UInt8) = (
      zero + hour / 10, zero + hour % 10, UInt8(ascii: ":"), zero + minute / 10, zero + minute % 10
    )
    return withUnsafeBytes(of: bytes) { String(decoding: $0, as: UTF8.self) }
  }

  /// `Sat 21 Nov 2026`, what a day separator shows.
  public var dayText: String {
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(weekdays[weekday]) \(day) \(months[month - 1]) \(year)"
  }
}
