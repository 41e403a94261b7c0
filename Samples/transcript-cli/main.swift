import CommandLineSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(TranscriptTool.run(Array(CommandLine.arguments.dropFirst())).rawValue)
