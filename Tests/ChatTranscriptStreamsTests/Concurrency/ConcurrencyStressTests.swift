import ChatTranscript
import ChatTranscriptStreams
import Foundation
import TestSupport
import Testing
import TranscriptGenerator

/// Many writers, one owner, under load: writer threads commit seeded stream events to a shared
/// data source while the owner delivers them as update requests, applies them with heights
/// measured in the background, and scrolls and resizes in between. However the threads
/// interleave, the result must be what the same events, in the order they were committed,
/// give when applied one at a time. Run under the thread sanitizer in CI.
///
/// Nothing is timed: writers wait while a few of their events are undelivered, so they keep
/// pace with the owner and its deliveries, resizes and scrolls land between an update's
/// preparation and its finish rather than before or after all of them.
///
/// A failure names its seed; `STRESS_SEED=N` runs every case with seed N. The interleaving
/// itself is not repeatable, so a failure may need a few runs to come back.
@Suite struct ConcurrencyStressTests {
  static let writerCount = 4
  static let eventsPerWriter = 250
  /// Every this many events, a writer also has the reader move the viewport.
  static let eventsPerViewportAction = 5

  @Test(arguments: zip([1, 2, 3] as [UInt64], [nil, 5, 2] as [Int?]))
  func concurrentUpdatesEndAsSerialOnesDo(run: UInt64, coarseEvery: Int?) async {
    let seed = SeededRandom.seed(fromEnvironment: "STRESS_SEED", default: run)
    let source = SharedStreamTranscript(coarseEvery: coarseEvery)
    let owner = TranscriptOwner(source: source, viewport: Viewport(width: 40, height: 15))
    await Self.drive(owner, seed: seed)
    let (concurrent, updateErrors) = await owner.settle()
    let commits = source.commits
    let serial = Self.serialSnapshot(of: commits.map(\.event), viewport: concurrent.viewport)

    // The harness: every event applied, each writer's sequence intact within the merge.
    #expect(source.rejectedCount == 0, "seed \(seed)")
    for writer in 0..<Self.writerCount {
      var producer = StressProducer(index: writer, seed: seed)
      let made = (0..<Self.eventsPerWriter).map { _ in producer.nextEvent() }
      #expect(commits.filter { $0.writer == writer }.map(\.event) == made, "seed \(seed), writer \(writer)")
    }
    // The controller: the data source's items, laid out and shown as the serial run has them.
    let itemIDs = concurrent.rows.map(\.id).filter { !$0.contains("/") }
    #expect(itemIDs == source.committedItems.map(\.id), "seed \(seed)")
    #expect(updateErrors == [], "seed \(seed)")
    #expect(concurrent.firstRowDifference(from: serial) == nil, "seed \(seed)")
    #expect(concurrent.contentHeight == serial.contentHeight, "seed \(seed)")
    #expect(concurrent.cellProblems == [], "seed \(seed)")
    #expect(serial.cellProblems == [], "seed \(seed)")
    #expect(concurrent.visibleRows == serial.visibleRows, "seed \(seed)")
  }

  /// Runs the writers on threads of their own and the owner's three jobs (deliver,
  /// lay out, move the viewport) as tasks on the owner, until every writer is done.
  ///
  /// Layout runs as its own task so that deliveries and viewport changes land on the owner
  /// while a background update is measuring; signals are buffered newest-only, so requests
  /// that arrive meanwhile pile up and are coalesced.
  static func drive(_ owner: TranscriptOwner, seed: UInt64) async {
    let (deliveries, deliveryNeeded) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let (viewportTurns, viewportTurn) = AsyncStream.makeStream(of: Void.self)
    let (layouts, layoutNeeded) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let writers = DispatchGroup()
    for index in 0..<writerCount {
      writers.enter()
      Thread {
        var producer = StressProducer(index: index, seed: seed)
        for step in 1...eventsPerWriter {
          owner.source.commit(producer.nextEvent(), by: index)
          deliveryNeeded.yield()
          if step.isMultiple(of: eventsPerViewportAction) { viewportTurn.yield() }
        }
        writers.leave()
      }.start()
    }
    writers.notify(queue: .global()) {
      deliveryNeeded.finish()
      viewportTurn.finish()
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await _ in layouts { await owner.layOut() }
      }
      group.addTask {
        await withTaskGroup(of: Void.self) { feeders in
          feeders.addTask {
            for await _ in deliveries {
              if await owner.deliver() { layoutNeeded.yield() }
            }
          }
          feeders.addTask {
            var random = SeededRandom(seed: ~seed)
            for await _ in viewportTurns {
              if await owner.perform(.random(using: &random)) { layoutNeeded.yield() }
            }
          }
        }
        layoutNeeded.finish()
      }
    }
  }

  /// Applies `events` one at a time to a fresh transcript and controller of `viewport`'s size,
  /// applying each update before the next event, then scrolls to `viewport`'s offset.
  static func serialSnapshot(of events: [StreamEvent], viewport: Viewport) -> TranscriptSnapshot {
    let source = StreamTranscript()
    let controller = ChatTranscriptController.forStressTest(
      viewport: Viewport(width: viewport.width, height: viewport.height))
    controller.dataSource = source
    for event in events {
      source.apply(event)
      controller.applyPendingUpdates()
    }
    controller.collectionView.setContentOffset(viewport.contentOffset)
    return TranscriptSnapshot(of: controller)
  }
}
