import Foundation
import Testing
import PlistArchive
import WeatherModels
@testable import WeatherCore

/// No `fsync` stands between a key and its frame (#42 item 4): the settings' and the pins' saves
/// run in the background, in the order asked, and quitting waits for them a bounded time.
@Suite struct StoreSavesTests {
    /// A disk that holds every write until `open()`: with it, a save made on the loop would keep
    /// `send` from returning, and the test would hang (its time limit turns that into a failure).
    final class HeldDisk: @unchecked Sendable {
        private let lock = NSCondition()
        private var isOpen = false
        private var writes: [String] = []

        func write(_ what: String) {
            lock.lock()
            writes.append(what)
            while !isOpen { lock.wait() }
            lock.unlock()
        }

        func open() {
            lock.lock()
            isOpen = true
            lock.broadcast()
            lock.unlock()
        }

        var written: [String] { lock.lock(); defer { lock.unlock() }; return writes }
    }

    /// The demo's surroundings, with the settings' and pins' files on `disk`.
    static func environment(disk: HeldDisk, settings: Locked<[Set<AppSettings.Field>]> = Locked([]), pins: Locked<[PinnedCity]> = Locked([])) -> AppEnvironment {
        var env = AppEnvironment.demo(now: { Make.t0 })
        env.saveSettings = { _, fields in
            disk.write("settings")
            settings.withLock { $0.append(fields) }
        }
        env.changePins = { change in
            disk.write("pins")
            return pins.withLock { saved in
                saved = change.applied(to: saved)
                return saved
            }
        }
        return env
    }

    static func started(_ env: AppEnvironment) async throws -> Store {
        let store = try Store(config: AppConfig(refreshAfter: 1800, demo: true), environment: env)
        store.start()
        await store.settle()
        return store
    }

    @Test(.timeLimit(.minutes(1))) func uSAndVAnswerWhileTheirSaveIsHeldOnTheDisk() async throws {
        let disk = HeldDisk(), fields = Locked<[Set<AppSettings.Field>]>([])
        let store = try await Self.started(Self.environment(disk: disk, settings: fields))
        let units = store.state.units, layer = store.state.map.layer
        store.send(.toggleUnits)
        #expect(store.state.units != units, "answered with the disk held")
        store.send(.cycleSort)
        store.send(.toggleMap)  // the layer is the map's
        store.send(.cycleMapLayer)
        #expect(store.state.map.layer != layer)
        disk.open()
        await store.settle()
        // However many of the three saves ran (one replaced before it began is skipped), the last
        // holds every field the burst changed.
        let written = fields.withLock { $0 }
        #expect(!written.isEmpty && written.count <= 3)
        #expect(written.last?.isSuperset(of: State.sortFields.union([.units, .mapLayer])) == true, "\(written)")
    }

    @Test(.timeLimit(.minutes(1))) func pAnswersWhileItsSaveIsHeldAndTheListNeverStepsBack() async throws {
        let disk = HeldDisk(), pins = Locked<[PinnedCity]>([])
        let store = try await Self.started(Self.environment(disk: disk, pins: pins))
        let first = try #require(store.state.list.visibleCities.first?.key)
        store.send(.select(key: first))
        store.send(.togglePin)
        #expect(store.state.isPinned(first), "answered with the disk held")
        let second = try #require(store.state.list.visibleCities.first { !store.state.isPinned($0.key) }?.key)
        store.send(.select(key: second))
        store.send(.togglePin)
        #expect(store.state.pinChangesUnanswered.count == 2)
        disk.open()
        // Each answer is applied as it comes; the first (the file with one pin) never unpins the second on screen.
        while store.hasRunningEffects {
            await store.settleOne()
            #expect(store.state.isPinned(first) && store.state.isPinned(second))
        }
        #expect(Set(pins.withLock { $0 }.map(\.key)) == [first, second])
        #expect(store.state.pinChangesUnanswered.isEmpty)
    }

    /// A change made just before `q` is saved before the process exits; a disk that never answers
    /// is said, and quitting does not wait for it.
    @Test(.timeLimit(.minutes(1))) func quittingWaitsForTheSavesABoundedTime() async throws {
        let disk = HeldDisk(), fields = Locked<[Set<AppSettings.Field>]>([])
        let store = try await Self.started(Self.environment(disk: disk, settings: fields))
        store.send(.toggleUnits)
        store.send(.quit)
        await store.shutDown(savingWithin: .zero)
        #expect(store.state.notice == "settings may not be saved: the disk did not answer within 0 s")
        disk.open()

        let landed = HeldDisk()
        landed.open()
        let saved = Locked<[Set<AppSettings.Field>]>([])
        let other = try await Self.started(Self.environment(disk: landed, settings: saved))
        other.send(.toggleUnits)
        other.send(.quit)
        await other.shutDown(savingWithin: .seconds(3600))  // no bound in play: a loaded machine may take 10 s
        #expect(other.state.notice?.contains("may not be saved") != true)
        #expect(saved.withLock { $0 }.contains { $0.contains(.units) }, "the change made just before q")
    }
}

/// A value shared with the store's background closures.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}

extension Store {
    /// Waits for one run to end and applies what it posted (tests).
    func settleOne() async {
        guard let task = runningTasks.first else { return }
        await task.value
        processPendingResults()
    }
}
