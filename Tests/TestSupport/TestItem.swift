import ChatTranscript

/// An item whose height is part of its content: layout tests know every height exactly.
public struct TestItem: ChatItem, Hashable {
  public var id: String
  public var type: String
  public var height: Double
  public var text: String

  public init(id: String, type: String = "test", height: Double = 1, text: String = "") {
    self.id = id
    self.type = type
    self.height = height
    self.text = text
  }
}
