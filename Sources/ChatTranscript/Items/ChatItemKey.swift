/// The identity the diff works on: an item keeps its presenter only while both id and type match.
public struct ChatItemKey: Hashable, Sendable {
  public var id: String
  public var type: String

  public init(id: String, type: String) {
    self.id = id
    self.type = type
  }

  public init(_ item: any ChatItem) {
    self.init(id: item.id, type: item.type)
  }
}
