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
    .library(name: "ChatTranscriptStreams", targets: ["ChatTranscriptStreams"]),
    .library(name: "ChatTranscriptRendering", targets: ["ChatTranscriptRendering"]),
    .library(name: "ChatTranscriptLists", targets: ["ChatTranscriptLists"]),
  ],
  dependencies: [],
  targets: [
    // Libraries, each with one job (see Documentation/Architecture.md).
    .target(name: "TextLayout", swiftSettings: sharedSettings),
    .target(name: "ChatTranscript", dependencies: ["TextLayout"], swiftSettings: sharedSettings),
    .target(
      name: "ChatTranscriptMessages", dependencies: ["ChatTranscript", "TextLayout"],
      swiftSettings: sharedSettings),
    .target(
      name: "ChatTranscriptStreams", dependencies: ["ChatTranscript", "ChatTranscriptMessages"],
      swiftSettings: sharedSettings),
    .target(
      name: "ChatTranscriptRendering", dependencies: ["ChatTranscript", "TextLayout"],
      swiftSettings: sharedSettings),
    .target(
      name: "ChatTranscriptLists", dependencies: ["ChatTranscript", "TextLayout"],
      swiftSettings: sharedSettings),

    // Support for the executables.
    .target(
      name: "TranscriptGenerator", dependencies: ["ChatTranscriptMessages", "ChatTranscriptStreams"],
      swiftSettings: sharedSettings),
    .target(
      name: "CommandLineSupport",
      dependencies: ["ChatTranscriptStreams", "ChatTranscriptRendering", "TextLayout"],
      swiftSettings: sharedSettings),

    // Executables: the CLI, the benchmark and the samples.
    .executableTarget(
      name: "transcript",
      dependencies: [
        "ChatTranscript", "ChatTranscriptMessages", "ChatTranscriptStreams", "ChatTranscriptRendering",
        "TextLayout",
        "TranscriptGenerator", "CommandLineSupport",
      ],
      path: "Samples/transcript-cli",
      swiftSettings: sharedSettings
    ),
    .executableTarget(
      name: "transcript-bench",
      dependencies: [
        "ChatTranscript", "ChatTranscriptMessages", "ChatTranscriptStreams", "ChatTranscriptRendering",
        "TextLayout",
        "TranscriptGenerator", "CommandLineSupport",
      ],
      path: "Benchmarks/transcript-bench",
      swiftSettings: sharedSettings
    ),
    .executableTarget(
      name: "getting-started",
      dependencies: ["ChatTranscript", "ChatTranscriptMessages", "ChatTranscriptRendering"],
      path: "Samples/getting-started",
      swiftSettings: sharedSettings
    ),
    .executableTarget(
      name: "people-list",
      dependencies: ["ChatTranscript", "ChatTranscriptLists", "ChatTranscriptRendering"],
      path: "Samples/people-list",
      swiftSettings: sharedSettings
    ),
    .executableTarget(
      name: "backend-sample",
      dependencies: ["ChatTranscript", "ChatTranscriptMessages", "ChatTranscriptRendering", "TextLayout"],
      path: "Samples/backend-sample",
      swiftSettings: sharedSettings
    ),

    // Tests, one target per library, and the built executables.
    .target(
      name: "TestSupport",
      dependencies: ["ChatTranscript", "ChatTranscriptStreams", "TranscriptGenerator", "TextLayout"],
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
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "ChatTranscriptMessagesTests",
      dependencies: [
        "ChatTranscriptMessages", "ChatTranscriptStreams", "ChatTranscriptRendering", "TestSupport",
        "TranscriptGenerator",
      ],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "ChatTranscriptStreamsTests",
      dependencies: [
        "ChatTranscriptStreams", "ChatTranscriptMessages", "TestSupport", "TranscriptGenerator",
      ],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "ChatTranscriptRenderingTests",
      dependencies: [
        "ChatTranscriptRendering", "ChatTranscriptMessages", "ChatTranscriptStreams", "TestSupport",
        "TranscriptGenerator",
      ],
      exclude: ["Golden"],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "ChatTranscriptListsTests",
      dependencies: ["ChatTranscriptLists", "ChatTranscriptRendering", "TestSupport", "TranscriptGenerator"],
      swiftSettings: sharedSettings
    ),
    .testTarget(
      name: "TranscriptCLITests",
      dependencies: [
        "transcript", "getting-started", "backend-sample", "TestSupport", "TranscriptGenerator",
      ],
      exclude: ["Golden"],
      swiftSettings: sharedSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
