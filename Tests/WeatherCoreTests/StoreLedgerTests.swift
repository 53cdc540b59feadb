import Foundation
import Synchronization
import Testing
import PlistArchive
import WeatherModels
import WeatherSource
import WeatherStore
@testable import WeatherCore

/// The ledger's writes are the store's effects (#42 item 4): a client's count of an answered
/// request comes to the store as an action, the gate counts it at once, and the store writes it
/// to `Calls.txt` in order, in the background, with the calls of writes not yet begun; quitting
/// waits for the writes a bounded time. Nothing counted is lost or counted twice.
@Suite struct StoreLedgerTests {
    /// A ledger in memory: what `Calls.txt` holds, whether another copy holds its lock, and each
    /// write's batch and whether it was the last try.
    final class FakeLedger: Sendable {
        struct Line {
            var file: [WeatherProvider: Double] = [:]
            var busy = false
            var writes: [(calls: [WeatherProvider: Double], lastTry: Bool)] = []
        }
        let line = Mutex(Line())

        func write(_ calls: [WeatherProvider: Double], lastTry: Bool) -> (kept: [WeatherProvider: Double], notice: FileNotice?) {
            line.withLock { line in
                line.writes.append((calls, lastTry))
                guard !line.busy else { return (calls, .callsKeptForLater(file: "Calls.txt", error: .busy(file: "Calls.txt"))) }
                line.file.merge(calls, uniquingKeysWith: +)
                return ([:], nil)
            }
        }
    }

    /// The demo's surroundings with the live clients' meter and `ledger` as the ledger's file.
    static func environment(_ ledger: FakeLedger, meter: CallMeter) -> AppEnvironment {
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.callMeter = meter
        env.writeCalls = { calls, lastTry in ledger.write(calls, lastTry: lastTry) }
        env.callsToday = { (ledger.line.withLock { $0.file }, nil) }
        return env
    }

    static func meter() -> CallMeter { CallMeter(ledger: CallLedger(directory: Make.tempDirectory())) }

    static func gate(_ provider: WeatherProvider, spent: Double) -> SourceGate {
        var gate = SourceGate(provider: provider)
        gate.spentToday = spent
        return gate
    }

    static let kept = "another copy of weather-tui holds Calls.txt (its lock .Calls.txt.lock): today's calls are kept to add to Calls.txt later"

    /// The live wiring, over a real `Calls.txt`: the answer's cost is an action, and the store's
    /// write of it (`Effect.recordCalls`) puts it in the file.
    @Test func aRequestsCostReachesCallsTxtThroughTheStoresWrite() async throws {
        let ledger = CallLedger(directory: Make.tempDirectory()), meter = CallMeter(ledger: ledger)
        let store = try TestStore(environment: AppEnvironment.demo(now: { Make.t0 }).countingCalls(with: meter, now: { Make.t0 }))
        meter.record(3, by: .openMeteo)  // as a client does when its request is answered
        await store.receive(.ledger(.answered(.openMeteo, calls: 3))) {
            $0.limits.gates[.openMeteo] = Self.gate(.openMeteo, spent: 3)
            $0.limits.ledger.unwritten = [.openMeteo: 3]
        }
        #expect(store.store.runningIDs.contains(.writeLedger(1)), "the write is the store's effect")
        await store.receive(.ledger(.written([.openMeteo: 3]))) {
            $0.limits.ledger.unwritten = [:]
        }
        await store.finish()
        #expect(ledger.read(now: Make.t0).counts.calls == ["open-meteo": 3])
    }

    /// Calls answered before there is a store (`--city`'s search) are held and counted when one connects.
    @Test func callsAnsweredBeforeTheStoreAreCountedWhenItConnects() async throws {
        let ledger = FakeLedger(), meter = Self.meter()
        meter.record(1, by: .accuWeather)
        #expect(meter.held(.accuWeather) == 1)
        let store = try Store(config: AppConfig(), environment: Self.environment(ledger, meter: meter))
        #expect(meter.held(.accuWeather) == 0)
        await store.settle()
        #expect(ledger.line.withLock { $0.file } == [.accuWeather: 1])
        #expect(store.state.gate(for: .accuWeather).spentToday == 1)
    }

    /// Six answers while the first write is held on the disk: the write that begins next takes
    /// the other five together, so the sum is in the file in two writes at most.
    @Test(.timeLimit(.minutes(1))) func aBurstOfAnswersIsWrittenInOneOrTwoWritesWithItsSum() async throws {
        let disk = StoreSavesTests.HeldDisk(), ledger = FakeLedger(), meter = Self.meter()
        var env = Self.environment(ledger, meter: meter)
        env.writeCalls = { calls, lastTry in
            disk.write("calls")
            return ledger.write(calls, lastTry: lastTry)
        }
        let store = try Store(config: AppConfig(), environment: env)
        for _ in 0..<6 { meter.record(1.5, by: .openMeteo) }
        store.processPendingResults()  // six answers heard, six writes asked; the first may have begun
        #expect(store.state.gate(for: .openMeteo).spentToday == 9, "counted at once, before any write")
        disk.open()
        await store.settle()
        let writes = ledger.line.withLock { $0.writes.map(\.calls) }
        #expect(writes.count <= 2, "\(writes)")
        #expect(ledger.line.withLock { $0.file } == [.openMeteo: 9])
        #expect(store.state.limits.ledger.unwritten.isEmpty)
        #expect(store.state.gate(for: .openMeteo).spentToday == 9, "counted once")
    }

    /// Another copy holds the ledger's lock: the calls wait (said once) and count in every plan;
    /// a reading of the file never takes them back; the next write, the lock free, adds them once.
    @Test func callsALockKeepsFromTheFileAreKeptForTheNextWrite() async throws {
        let ledger = FakeLedger(), meter = Self.meter()
        ledger.line.withLock { $0.file = [.openMeteo: 10]; $0.busy = true }  // another copy's
        let store = try Store(config: AppConfig(), environment: Self.environment(ledger, meter: meter))
        meter.record(50, by: .openMeteo)
        await store.settle()
        #expect(store.state.notice == Self.kept)
        #expect(store.state.limits.ledger.unwritten == [.openMeteo: 50])
        store.send(.ledgerRead(calls: [.openMeteo: 10]))
        #expect(store.state.gate(for: .openMeteo).spentToday == 60, "the file's and the calls it does not hold yet")
        meter.record(5, by: .openMeteo)
        await store.settle()
        #expect(store.state.notices.messages.filter { $0.text == Self.kept }.count == 1, "said once")
        ledger.line.withLock { $0.busy = false }
        meter.record(1, by: .openMeteo)
        await store.settle()
        #expect(ledger.line.withLock { $0.file } == [.openMeteo: 66], "every call kept, written once")
        #expect(store.state.limits.ledger.unwritten.isEmpty)
        store.send(.ledgerRead(calls: ledger.line.withLock { $0.file }))
        #expect(store.state.gate(for: .openMeteo).spentToday == 66, "counted once")
    }

    /// A cost heard just before `q` is written before quitting ends; a disk that never answers is
    /// said, and quitting does not wait for it.
    @Test(.timeLimit(.minutes(1))) func quittingWaitsForTheLedgersWritesABoundedTime() async throws {
        let held = StoreSavesTests.HeldDisk(), stuck = FakeLedger(), meter = Self.meter()
        var env = Self.environment(stuck, meter: meter)
        env.writeCalls = { calls, lastTry in
            held.write("calls")
            return stuck.write(calls, lastTry: lastTry)
        }
        let store = try Store(config: AppConfig(), environment: env)
        meter.record(3, by: .openMeteo)
        await store.shutDown(savingWithin: .zero)
        #expect(store.state.notice == "today's call count may not be saved: the disk did not answer within 0 s")
        held.open()

        let ledger = FakeLedger(), other = Self.meter()
        let landed = try Store(config: AppConfig(), environment: Self.environment(ledger, meter: other))
        other.record(3, by: .openMeteo)
        await landed.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(ledger.line.withLock { $0.file } == [.openMeteo: 3], "the cost heard just before quitting")
        #expect(landed.state.notice == nil)
    }

    /// A request the server answered as the browser quit: its calls are held by the meter, not
    /// posted to a store nobody reads, and the run's end writes them.
    @Test func callsHeardAfterQuittingAreWrittenAtTheRunsEnd() async throws {
        let ledger = CallLedger(directory: Make.tempDirectory()), meter = CallMeter(ledger: ledger)
        let store = try Store(config: AppConfig(), environment: AppEnvironment.demo(now: { Make.t0 }).countingCalls(with: meter, now: { Make.t0 }))
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        meter.record(2, by: .openMeteo)
        #expect(meter.held(.openMeteo) == 2)
        meter.writeHeld(now: Make.t0)
        #expect(ledger.read(now: Make.t0).counts.calls == ["open-meteo": 2])
    }

    /// Calls a lock keeps back get one more try at quit, without waiting for the lock; what still
    /// cannot be written is said (the program prints it on stderr).
    @Test func quittingTriesKeptCallsOnceMoreAndSaysWhatWasNotSaved() async throws {
        let ledger = FakeLedger(), meter = Self.meter()
        ledger.line.withLock { $0.busy = true }
        let store = try Store(config: AppConfig(), environment: Self.environment(ledger, meter: meter))
        meter.record(4, by: .openMeteo)
        await store.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(ledger.line.withLock { $0.writes.map(\.lastTry) } == [false, true])
        #expect(store.state.notice == "today's call count not saved: " + Self.kept)
    }
}
