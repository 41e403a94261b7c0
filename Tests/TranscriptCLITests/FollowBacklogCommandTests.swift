import Foundation
import TestSupport
import Testing

/// `follow` reads ahead of its output by a bounded number of bytes, not only of lines: with its
/// output blocked, edits of a big message wait in the input, not in memory.
@Suite struct FollowBacklogCommandTests {
  /// 400 versions of a 200 KB message (80 MB of input) followed into a pipe that nobody reads
  /// for a while. Memory stays bounded (8,192 queued versions used to take 1.6 GB, these 400
  /// about 100 MB more than now); once the pipe is read, the last version is shown.
  @Test func bigEditsWithBlockedOutputStayWithinAMemoryBound() throws {
    let text = String(repeating: "abcdefghi ", count: 20_000)
    var stream: [UInt8] = []
    for version in 0..<400 {
      let op = version == 0 ? "insert" : "update"
      stream +=
        Array(
          #"{"op":"\#(op)","item":{"id":"m1","type":"text","sender":"alice","text":"version \#(version): \#(text)"}}"#
            .utf8) + [0x0A]
    }
    let folder = try TemporaryFolder(prefix: "follow-backlog")
    let file = try folder.write(stream, to: "edits.ndjson")

    let watched = try WatchedCommand(["follow", "--width", "200", file])
    Thread.sleep(forTimeInterval: 1)
    watched.startReadingOutput()
    let result = watched.waitForExit()
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.standardOutput.contains("version 399: abcdefghi"))
    #expect(watched.peakKilobytes > 0)
    #expect(watched.peakKilobytes < 60_000, "peak resident memory \(watched.peakKilobytes) KB")
  }
}
