import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Before anything else: it may run the program again from the start.
HugePageHeap.adopt()
exit(TranscriptTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
