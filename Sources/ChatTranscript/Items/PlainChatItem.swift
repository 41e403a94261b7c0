/// A plain item with an id, a type and a text; handy for tests, samples and injected rows.
public struct PlainChatItem: ChatItem, Hashable {
  public var id: String
  public var type: String
  public var text: String

  public init(id: String, type: String, text: String = "") {
    self.id = id
    self.type = type
    self.text = text
  }
}
