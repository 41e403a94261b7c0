/// One reaction under a message and how many people gave it: `👍` and 2.
///
/// A message lists its reactions in the order they first appeared; bubbles show each with a
/// count above 0 (``MessageViewModel/reactionsText``).
public struct MessageReaction: Sendable, Hashable {
  /// What was given: usually one emoji, but any text a sender chose.
  public var reaction: String
  /// How many gave it; 0 or more.
  public var count: Int

  public init(reaction: String, count: Int) {
    self.reaction = reaction
    self.count = count
  }
}
