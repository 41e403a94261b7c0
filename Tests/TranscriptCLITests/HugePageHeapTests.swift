import Foundation
import TestSupport
import Testing

@testable import CommandLineSupport

/// The tool asks glibc for a huge-page heap by running itself again with the tunable set,
/// unless the user decided already.
@Suite struct HugePageHeapTests {
  static let added = "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=33554432"

  @Test(
    arguments: [
      (nil, added),
      ("", added),
      ("glibc.malloc.arena_max=2", "glibc.malloc.arena_max=2:" + added),
      // A pad the user chose is kept.
      ("glibc.malloc.top_pad=0", "glibc.malloc.top_pad=0:glibc.malloc.hugetlb=1"),
      ("glibc.malloc.hugetlb=0", nil),
      ("glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2", nil),
      // Another tunable whose name only starts the same is not this one.
      ("glibc.malloc.hugetlbx=1", "glibc.malloc.hugetlbx=1:" + added),
    ] as [(String?, String?)])
  func tunablesAddTheHugePageTunablesUnlessNamed(current: String?, expected: String?) {
    #expect(HugePageHeap.tunables(adding: current) == expected)
  }

  @Test(
    arguments: [
      ("always [madvise] never\n", "madvise"), ("[always] madvise never\n", "always"),
      ("always madvise [never]\n", "never"), ("always madvise never\n", nil), ("", nil),
    ] as [(String, String?)])
  func theSelectedModeIsTheBracketedWord(contents: String, expected: String?) {
    #expect(HugePageHeap.mode(in: contents).map(String.init) == expected)
  }

  /// The running command's environment, read from `/proc` once it has started its reading
  /// thread (so it is past the point where it runs itself again).
  static func environment(ofRunning command: WatchedCommand) throws -> [String: String] {
    let pid = command.processIdentifier
    let deadline = Date().addingTimeInterval(30)
    while (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0 < 2 {
      try #require(Date() < deadline, "the command never started its reading thread")
      Thread.sleep(forTimeInterval: 0.01)
    }
    let raw = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
    // glibc parses `GLIBC_TUNABLES` where it lies, ending each tunable with a NUL in place of
    // its `:`; every tunable's name starts `glibc.`, so the separators are put back.
    let bytes = Data(String(decoding: raw, as: UTF8.self).replacing("\0glibc.", with: ":glibc.").utf8)
    return Dictionary(
      bytes.split(separator: 0).compactMap { entry in
        let text = String(decoding: entry, as: UTF8.self)
        guard let equals = text.firstIndex(of: "=") else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
      }, uniquingKeysWith: { _, last in last })
  }

  @Test func theCommandRunsWithHugePagesWhereTheSystemLeavesThemToIt() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = nil
    let command = try WatchedCommand(["follow", "--width", "40", "-"], environment: environment)
    let seen = try Self.environment(ofRunning: command)
    try command.closeInput()
    #expect(command.waitForExit().status == 0)
    let adopted = HugePageHeap.systemLeavesHugePagesToPrograms()
    #expect(seen["GLIBC_TUNABLES"] == (adopted ? Self.added : nil))
    #expect(seen[HugePageHeap.marker] == (adopted ? "1" : nil))
  }

  /// A tunable list the user gave stays first, and the program runs itself again once only,
  /// whatever glibc leaves of the list it parsed (it writes over the separators).
  @Test func theProgramRunsItselfAgainOnce() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = "glibc.malloc.arena_max=2"
    environment[HugePageHeap.marker] = nil
    let command = try WatchedCommand(["follow", "--width", "40", "-"], environment: environment)
    let seen = try Self.environment(ofRunning: command)
    try command.closeInput()
    #expect(command.waitForExit().status == 0)
    let given = "glibc.malloc.arena_max=2"
    let adopted = HugePageHeap.systemLeavesHugePagesToPrograms()
    #expect(seen["GLIBC_TUNABLES"] == (adopted ? given + ":" + Self.added : given))
  }

  @Test func aTunableTheUserSetIsKept() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["GLIBC_TUNABLES"] = "glibc.malloc.hugetlb=0"
    let command = try WatchedCommand(["follow", "--width", "40", "-"], environment: environment)
    let seen = try Self.environment(ofRunning: command)
    try command.closeInput()
    #expect(command.waitForExit().status == 0)
    #expect(seen["GLIBC_TUNABLES"] == "glibc.malloc.hugetlb=0")
  }
}
