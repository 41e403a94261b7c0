/// Dense bubbles: one column of padding, no footer, photos up to 10 rows. The default cells.
public struct CompactTheme: MessagesTheme {
  public init() {}
}
