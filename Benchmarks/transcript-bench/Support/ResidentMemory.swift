#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's resident set size, read from `/proc/self/statm` (Linux).
///
/// Resident bytes are what the machine pays for, whatever the allocator reserved; the memory
/// scenario compares them before and after each stage of building a transcript.
enum ResidentMemory {
  /// Resident bytes now, or `nil` where `/proc` is not available.
  ///
  /// Gives freed heap back to the system first (glibc keeps freed pages resident until
  /// trimmed), so a stage's temporary garbage is not counted against the next stage.
  static func bytes() -> Int? {
    releaseFreedHeap()
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // "size resident shared text lib data dt", in pages.
    let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Calls glibc's `malloc_trim(0)`, which returns freed heap pages to the system.
  ///
  /// Without it, garbage from building the items stays resident, the layout then reuses it,
  /// and the layout's cost would be undercounted. `<malloc.h>` is not in the Glibc module, so
  /// the function is looked up by name; where it does not exist (musl, Darwin) nothing happens.
  private static func releaseFreedHeap() {
    #if canImport(Glibc)
      typealias MallocTrim = @convention(c) (Int) -> Int32
      guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
    #endif
  }
}
