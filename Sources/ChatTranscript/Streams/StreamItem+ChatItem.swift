/// Wire items are chat items as they are: id, type, and value equality for content.
extension StreamItem: ChatItem {
  public var wireItem: StreamItem? { self }
}
