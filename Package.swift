// swift-tools-version:6.2
import PackageDescription

/// Settings every target shares: strict Swift 6, existential `any` spelled out, explicit imports,
/// async functions that stay on their caller's executor.
let sharedSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
  // Layout bookkeeping is checked after every edit in debug builds; benchmarks run release.
  .define("CHAT_TRANSCRIPT_INVARIANTS", .when(configuration: .debug)),
]

let package = Package(
  name: "ChatTranscript",
  products: [
    .library(name: "TextLayout", targets: ["TextLayout"]),
    .library(name: "ChatTranscript", targets: ["ChatTranscript"]),
    .library(name: "ChatTranscriptMessages", targets: ["ChatTranscriptMessages"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "TextLayout", swiftSettings: sharedSettings),
    .target(name: "ChatTranscript", dependencies: ["TextLayout"], swiftSettings: sharedSettings),
    .target(
      name: "ChatTranscriptMessages",
      dependencies: ["ChatTranscript", "TextLayout"],
      swiftSettings: sharedSettings
    ),
    .target(
      name: "TranscriptGenerator",
      dependencies: ["ChatTranscript"],
      swiftSettings: sharedSettings
    ),
    .target(name: "CommandLineSupport", dependencies: ["ChatTranscript"], swiftSettings: sharedSettings),
    .executableTarget(
      name: "transcript",
      dependencies: [
        "ChatTranscript", "ChatTranscriptMessages", "TextLayout", "TranscriptGenerator", "CommandLineSupport",
      ],
      path: "Samples/transcript-cli",
      swiftSettings: sharedSettings
    ),
    .executableTarget(
      name: "transcript-bench",
      dependencies: [
        "ChatTranscript", "ChatTranscriptMessages", "TextLayout", "TranscriptGenerator", "CommandLineSupport",
      ],
      path: "Benchmarks/transcript-bench",
      swiftSettings: sharedSettings
    ),
    .target(
      name: "TestSupport",
      dependencies: ["ChatTranscript", "TranscriptGenerator"],
      path: "Tests/TestSupport",
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "TextLayoutTests",
      dependencies: ["TextLayout", "TestSupport", "TranscriptGenerator"],
      exclude: ["Vectors"],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "ChatTranscriptTests",
      dependencies: ["ChatTranscript", "TestSupport", "TranscriptGenerator"],
      exclude: ["Rendering/Golden"],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "ChatTranscriptMessagesTests",
      dependencies: ["ChatTranscriptMessages", "TestSupport", "TranscriptGenerator"],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "TranscriptCLITests",
      dependencies: ["transcript", "TestSupport", "TranscriptGenerator"],
      exclude: ["Golden"],
      swiftSettings: sharedSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
