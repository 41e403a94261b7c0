#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cores online, read once: how many pieces background height work is cut into.
package let activeProcessorCount: Int = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
