#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import PlistArchive
import WeatherModels

/// Owns the `State`, runs the reducer, and runs effects concurrently; their results wait in an
/// inbox until the loop's thread applies them with `processPendingResults()`, so the run loop never
/// waits on the network and the state is only ever changed on one thread at a time. Each result
/// posted signals `wakeup`, which the run loop waits on beside the terminal: it is applied the
/// moment it arrives.
///
/// `@unchecked Sendable`: every mutable field is guarded by `lock` (`forecastsWritten` by
/// `forecastWriteLock`, which is never taken while holding `lock`).
public final class Store: @unchecked Sendable {
    private let lock = Lock()
    private var current: State
    private var inbox: [Action] = []
    private var running: [UUID: Task<Void, Never>] = [:]
    /// The running tasks that only wait on the network: quitting cancels them (saves run to the end).
    private var networkTasks: Set<UUID> = []
    /// Numbers each forecast snapshot handed to a background save (guarded by `lock`).
    private var forecastSnapshots = 0
    /// Held while writing `Forecasts.plist`; guards `forecastsWritten`.
    private let forecastWriteLock = Lock()
    private var forecastsWritten = 0
    private let environment: AppEnvironment
    /// Readable once a result waits in the inbox (nil: the process had no descriptor for it).
    public let wakeup = Wakeup()

    public init(config: AppConfig, environment: AppEnvironment) {
        self.environment = environment
        self.current = State(config: config, now: environment.now())
    }

    /// A snapshot of the state.
    public var state: State { lock.withLock { current } }

    /// Whether `q` (or a signal) asked to leave.
    public var isQuitting: Bool { lock.withLock { current.isQuitting } }

    /// Restores settings, pins and the saved feed synchronously (the first frame has data at
    /// once: the list from the feed's preview where the environment has one, its details read in
    /// the background), then starts the background fetch if the feed is missing or stale. The
    /// forecasts, which no first frame needs and which can be as large as the feed, are read in
    /// the background.
    public func start() {
        let (settings, problem) = environment.loadSettings()
        send(.settingsLoaded(settings, notice: problem))
        send(.pinsLoaded(environment.loadPins()))
        let env = environment
        if let preview = env.previewArchive {
            let result = preview()
            send(.archiveRestored(result))
            if case .success = result { spawn { [weak self] in self?.post(.archiveDetailsRestored(env.loadArchive())) } }
        } else {
            send(.archiveRestored(env.loadArchive()))
        }
        if let loadForecasts = env.loadForecasts { spawn { [weak self] in self?.post(.forecastsRestored(loadForecasts())) } }
    }

    /// Applies an action now and launches the effects it asks for.
    public func send(_ action: Action) {
        let effects = lock.withLock { current.reduce(action) }
        for effect in effects { run(effect) }
    }

    /// Applies the results that background work posted; true when the state changed (redraw).
    @discardableResult
    public func processPendingResults() -> Bool {
        // Drained before the inbox is taken: a result posted in between leaves a byte behind (one
        // spare wake-up), never an action without one.
        wakeup?.drain()
        let pending: [Action] = lock.withLock {
            defer { inbox.removeAll() }
            return inbox
        }
        guard !pending.isEmpty else { return false }
        let before = state
        for action in pending { send(action) }
        return state != before
    }

    /// Waits until no effect is running and every result has been applied (tests, `--once`, quit).
    /// On the caller's executor: with nothing running it returns without starting a thread.
    nonisolated(nonsending) public func settle() async {
        while true {
            let tasks = lock.withLock { Array(running.values) }
            if tasks.isEmpty {
                if !processPendingResults() && lock.withLock({ running.isEmpty && inbox.isEmpty }) { return }
                continue
            }
            for task in tasks { await task.value }
            processPendingResults()
        }
    }

    /// Cancels every request in flight and waits for what is left (saves, which finish or leave the
    /// old file, and the cancelled requests' results): quitting never waits for a server's answer
    /// or a request's deadline.
    public func shutDown() async {
        let requests = lock.withLock { networkTasks.compactMap { running[$0] } }
        for task in requests { task.cancel() }
        await settle()
    }

    /// Whether background work is still under way.
    public var hasRunningEffects: Bool { lock.withLock { !running.isEmpty } }

    private func post(_ action: Action) {
        lock.withLock { inbox.append(action) }
        wakeup?.signal()
    }

    private func run(_ effect: Effect) {
        let env = environment
        switch effect {
        case .fetchFeed(let request, let own):
            spawn(network: true) { [weak self] in self?.post(.feedLoaded(await env.fetchFeed(request, own))) }
        case .searchPlaces(let text, let language):
            spawn(network: true) { [weak self] in self?.post(.addCity(.found(query: text, await env.searchPlaces(text, language)))) }
        case .fetchForecast(let key, let language):
            spawn(network: true) { [weak self] in self?.post(.forecastLoaded(cityKey: key, await env.fetchForecast(key, language))) }
        case .saveForecasts(let value):
            let snapshot = lock.withLock {
                forecastSnapshots += 1
                return forecastSnapshots
            }
            spawn { [weak self] in self?.writeForecasts(value, snapshot: snapshot, with: env) }
        case .saveSettings(let value, let fields):
            // Settings are small and saved on quit too: write them now so quitting never loses them.
            save("settings") { () throws(ArchiveError) in try env.saveSettings(value, fields) }
        case .changePins(let change):
            // Made now, in the order asked: each answer holds this run's earlier changes too, so
            // applying them in turn ends at the file as it is.
            save("pinned cities") { () throws(ArchiveError) in post(.pinsLoaded(try env.changePins(change))) }
        case .quit:
            break  // the run loop reads `isQuitting`
        }
    }

    /// Saves run concurrently: an older snapshot that gets to the file last must not undo a newer one.
    private func writeForecasts(_ value: StoredForecasts, snapshot: Int, with env: AppEnvironment) {
        forecastWriteLock.withLock {
            guard snapshot > forecastsWritten else { return }
            forecastsWritten = snapshot
            save("forecasts") { () throws(ArchiveError) in try env.saveForecasts(value) }
        }
    }

    private func save(_ what: String, _ body: () throws(ArchiveError) -> Void) {
        do { try body() } catch { post(.saveFailed("could not save \(what): \(error.explanation)")) }
    }

    private func spawn(network: Bool = false, _ work: @escaping @Sendable () async -> Void) {
        let id = UUID()
        lock.withLock {
            if network { networkTasks.insert(id) }
            running[id] = Task.detached { [weak self] in
                await work()
                self?.finish(id)
            }
        }
    }

    private func finish(_ id: UUID) {
        lock.withLock {
            running[id] = nil
            networkTasks.remove(id)
        }
    }
}
