/// A fixed-size table of plain values, probed at random (the slots of an ``IDHashTable``):
/// one allocation, no copy-on-write checks or bounds checks per probe.
///
/// Ordinary memory. It was mapped on its own and offered to the kernel for transparent huge
/// pages, to spare probes of a million-id table their TLB misses; on the virtual machines this
/// is measured on, a huge page touched for the first time cost up to several times a run of
/// small ones (filling the 32 MiB table of a 1M-line `transcript layout` took about 0.15 s of
/// its main thread), while `transcript-bench row-of-id --items 1000000` read the same 0.6 to
/// 0.8 µs either way.
///
/// A reference type: an owner with value semantics copies it (``copy()``) before changing a
/// table it shares.
final class LargeTable<Element: BitwiseCopyable> {
  let count: Int
  private let elements: UnsafeMutablePointer<Element>

  init(repeating value: Element, count: Int) {
    self.count = count
    elements = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
    elements.initialize(repeating: value, count: count)
  }

  deinit {
    elements.deallocate()
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
}
