import Dispatch

/// Lets `concurrentPerform` iterations fill one output buffer, each iteration its own slots.
///
/// `@unchecked Sendable` because the pointer is: safety comes from every iteration writing a
/// disjoint index range and the buffer outliving `concurrentPerform`, which returns only
/// after every iteration finished.
package struct DisjointWrites<Element>: @unchecked Sendable {
  package let base: UnsafeMutablePointer<Element>

  /// Initializes the uninitialized slot at `index`, moving `value` in.
  package func write(_ value: consuming Element, at index: Int) {
    (base + index).initialize(to: value)
  }

  /// An array of `count` elements whose every slot `fill` writes exactly once, through
  /// the writer it is given (from any thread, before it returns).
  package static func array(count: Int, _ fill: (DisjointWrites<Element>) -> Void) -> [Element] {
    [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress { fill(DisjointWrites(base: base)) }
      initialized = count
    }
  }

  /// Changes every element of `array` in place, each on its own `concurrentPerform`
  /// iteration.
  package static func updateConcurrently(
    _ array: inout [Element], _ body: @Sendable (Int, inout Element) -> Void
  ) {
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      let slots = DisjointWrites(base: base)
      DispatchQueue.concurrentPerform(iterations: buffer.count) { index in
        body(index, &slots.base[index])
      }
    }
  }
}
