/// `isPinnedHeader` is written only when set and read as `false` when absent, so snapshots of
/// rows that do not pin read as before, and snapshots written before the flag still decode.
extension ChatItemDecoration {
  private enum CodingKeys: String, CodingKey {
    case bottomMargin, showsTail, showsAvatar, groupPosition, isPinnedHeader
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      bottomMargin: try container.decode(Double.self, forKey: .bottomMargin),
      showsTail: try container.decode(Bool.self, forKey: .showsTail),
      showsAvatar: try container.decode(Bool.self, forKey: .showsAvatar),
      groupPosition: try container.decode(GroupPosition.self, forKey: .groupPosition),
      isPinnedHeader: try container.decodeIfPresent(Bool.self, forKey: .isPinnedHeader) ?? false)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bottomMargin, forKey: .bottomMargin)
    try container.encode(showsTail, forKey: .showsTail)
    try container.encode(showsAvatar, forKey: .showsAvatar)
    try container.encode(groupPosition, forKey: .groupPosition)
    if isPinnedHeader { try container.encode(isPinnedHeader, forKey: .isPinnedHeader) }
  }
}
