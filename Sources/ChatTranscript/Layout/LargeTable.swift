#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed-size table of plain values, probed at random (the slots of an ``IDHashTable``).
///
/// A table of tens of megabytes read at random costs a cache miss per probe and, in pages of
/// 4 KiB, a TLB miss as well, which under virtualization walks two sets of page tables. On
/// Linux a table of 2 MiB or more is therefore mapped on its own, aligned to 2 MiB, and
/// offered to the kernel for transparent huge pages (`MADV_HUGEPAGE`), where the usual
/// allocator leaves that choice to the machine's default. Elsewhere, or when the kernel says
/// no, it is ordinary memory; nothing else changes.
///
/// A reference type: an owner with value semantics copies it (``copy()``) before changing a
/// table it shares.
final class LargeTable<Element: BitwiseCopyable> {
  let count: Int
  private let elements: UnsafeMutablePointer<Element>
  /// The mapping to unmap, when the table has one of its own.
  private let mapping: (start: UnsafeMutableRawPointer, length: Int)?

  private static var hugePageSize: Int { 2 << 20 }

  init(repeating value: Element, count: Int) {
    self.count = count
    let bytes = max(count, 1) * MemoryLayout<Element>.stride
    if let (start, length, aligned) = Self.mapHugePageCandidate(bytes: bytes) {
      mapping = (start, length)
      elements = aligned.bindMemory(to: Element.self, capacity: count)
    } else {
      mapping = nil
      elements = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
    }
    elements.initialize(repeating: value, count: count)
  }

  deinit {
    if let mapping {
      munmap(mapping.start, mapping.length)
    } else {
      elements.deallocate()
    }
  }

  func copy() -> LargeTable {
    let result = LargeTable(repeating: elements[0], count: count)
    result.elements.update(from: elements, count: count)
    return result
  }

  /// Unchecked: callers index with a mask or a bound of their own.
  subscript(index: Int) -> Element {
    get { elements[index] }
    set { elements[index] = newValue }
  }

  /// An anonymous mapping holding `bytes` at a 2 MiB boundary, advised for huge pages; `nil`
  /// below that size or off Linux, or when the mapping fails.
  private static func mapHugePageCandidate(bytes: Int) -> (
    UnsafeMutableRawPointer, Int, UnsafeMutableRawPointer
  )? {
    #if os(Linux)
      guard bytes >= hugePageSize else { return nil }
      let rounded = (bytes + hugePageSize - 1) / hugePageSize * hugePageSize
      // One huge page more than needed, so a 2 MiB boundary falls inside with room after it.
      let length = rounded + hugePageSize
      let start = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      guard let start, start != MAP_FAILED else { return nil }
      let address = UInt(bitPattern: start)
      let alignedAddress = (address + UInt(hugePageSize) - 1) / UInt(hugePageSize) * UInt(hugePageSize)
      let aligned = start + Int(alignedAddress - address)
      _ = madvise(aligned, rounded, MADV_HUGEPAGE)
      return (start, length, aligned)
    #else
      return nil
    #endif
  }
}
