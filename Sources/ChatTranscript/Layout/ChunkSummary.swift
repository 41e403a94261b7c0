/// A totals-carrying value the chunked list adds up per chunk (counts, heights, …).
@_spi(ChunkedStorage) public protocol ChunkSummary: Sendable {
  static var zero: Self { get }
  static func + (lhs: Self, rhs: Self) -> Self
}

/// An element that contributes to its chunk's summary.
@_spi(ChunkedStorage) public protocol Summarized {
  associatedtype Summary: ChunkSummary
  var summary: Summary { get }
}

/// The summary of elements that add up nothing: lists kept in chunks only for cheap edits.
@_spi(ChunkedStorage) public struct NoSummary: ChunkSummary {
  @inlinable public init() {}

  @inlinable public static var zero: NoSummary { NoSummary() }
  @inlinable public static func + (lhs: NoSummary, rhs: NoSummary) -> NoSummary { lhs }
}
