/// An action offered by a long-press menu (copy, delete, reply, …).
public struct MenuAction: Hashable, Sendable, CustomStringConvertible {
  public var name: String

  public init(_ name: String) {
    self.name = name
  }

  public var description: String { name }

  public static let copy = MenuAction("copy")
  public static let delete = MenuAction("delete")
}
