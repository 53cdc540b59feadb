import Foundation
import Synchronization
import Testing
import ArchiveTestSupport
@testable import WeatherStore
import WeatherModels

/// The run's writer of the ledger: requests only count their calls, a background thread writes
/// them, and a run's end flushes; nothing counted is lost or counted twice.
@Suite struct CallLedgerWriterTests {
    let folder = Make.tempDirectory()
    var ledger: CallLedger { CallLedger(directory: folder) }

    func writer() -> CallLedger.Writer {
        CallLedger.Writer(ledger: ledger, now: { CallLedgerTests.afternoon })
    }

    @Test func everyCallRecordedIsInTheFileAfterFlush() async {
        let calls = writer()
        calls.record(50, source: "open-meteo")
        calls.record(4, source: "accuweather")
        calls.record(1.8, source: "open-meteo")
        calls.record(.nan, source: "open-meteo")
        calls.record(-3, source: "open-meteo")
        await calls.flush()
        let counts = ledger.read(now: CallLedgerTests.afternoon).counts
        #expect(counts.spent("open-meteo") == 51.8 && counts.spent("accuweather") == 4)
    }

    /// Many requests recording at once, from many threads, while the file is being written: the
    /// sum is whole, each call counted once.
    @Test func concurrentRecordsAddUpExactly() async {
        let calls = writer()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { calls.record(1, source: "open-meteo") } }
        }
        await calls.flush()
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.spent("open-meteo") == 200)
        // A flush with nothing pending returns at once and changes nothing.
        await calls.flush()
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.spent("open-meteo") == 200)
    }

    /// Another copy holding the ledger's lock keeps the calls from the file, not from the count:
    /// they wait (said once) and are written by the next flush once the lock is free.
    @Test func callsALockKeptFromTheFileAreKeptAndWrittenLater() async throws {
        let holder = try #require(FileShape.locked.make(at: ledger.url, contents: Data(CallLedger.encode(.init(day: CallDay(containing: CallLedgerTests.afternoon), calls: ["open-meteo": 10])).utf8), limit: CallLedger.maxBytes))
        let calls = CallLedger.Writer(ledger: ledger, now: { CallLedgerTests.afternoon }, waiting: .once)
        calls.record(50, source: "open-meteo")
        await calls.flush()
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.spent("open-meteo") == 10, "not written while held")
        let spent = calls.spentToday("open-meteo")
        #expect(spent.calls == 60)
        #expect(spent.notice == .callsKeptForLater(file: "Calls.txt", error: .busy(file: "Calls.txt")))
        #expect(calls.spentToday("open-meteo").notice == nil, "said once")
        holder.release()
        await calls.flush()
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.spent("open-meteo") == 60)
        #expect(calls.spentToday("open-meteo").calls == 60, "counted once")
    }

    /// The plan counts what this run spent even before it is written, and what other runs wrote.
    @Test func spentTodayHoldsTheFileAndWhatIsNotWrittenYet() async throws {
        _ = try ledger.add(100, source: "open-meteo", now: CallLedgerTests.afternoon)
        let calls = writer()
        calls.record(50, source: "open-meteo")
        calls.record(7, source: "accuweather")
        let spent = calls.spentToday("open-meteo").calls
        #expect(spent == 150, "written or not, the 50 are counted once: \(spent)")
        await calls.flush()
        #expect(calls.spentToday("open-meteo").calls == 150)
    }

    /// Writes stuck on the disk leave the concurrency pool (a thread a core) to the requests, which
    /// need one of its threads to post their answers (#41 item 5).
    @Test func writesStuckOnTheDiskLeaveThePoolToTheRequests() async {
        let disk = StuckDisk()
        let ledger = self.ledger
        // One more writer than the pool has threads, each writing (its clock is read as it writes).
        let writers = (0...ProcessInfo.processInfo.activeProcessorCount).map { _ in
            CallLedger.Writer(ledger: ledger, now: {
                disk.wait()
                return CallLedgerTests.afternoon
            })
        }
        for calls in writers { calls.record(1, source: "open-meteo") }
        let ended = DispatchSemaphore(value: 0)
        Task.detached { ended.signal() }  // a request's end, asked after the writes
        // Waited for off the pool, which the stuck writes may hold; the bound only turns a stall
        // into a failure.
        let ran = await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                let ran = ended.wait(timeout: .now() + 120) == .success
                disk.open()
                done.resume(returning: ran)
            }
        }
        #expect(ran, "the pool's threads were all writing the ledger")
        for calls in writers { await calls.flush() }
        #expect(ledger.read(now: CallLedgerTests.afternoon).counts.spent("open-meteo") == Double(writers.count))
    }

    /// A disk that does not answer until `open()`, its writers busy rather than asleep (as in
    /// WeatherCoreTests' `StoreDiskWorkTests`: libdispatch's once-a-second thread for a pool whose
    /// every thread sleeps would turn the stall into a delay).
    final class StuckDisk: Sendable {
        private let isOpen = Atomic<Bool>(false)

        func wait() {
            while !isOpen.load(ordering: .acquiring) { sched_yield() }
        }

        func open() { isOpen.store(true, ordering: .releasing) }
    }
}
