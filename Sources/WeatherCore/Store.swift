#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import PlistArchive
import Synchronization
import WeatherModels
import WeatherSource
import WeatherStore

/// Owns the `State` and runs the reducer on the thread that owns the store (the run loop's): the
/// store is not `Sendable`, so the compiler keeps every other thread away from the state. Effects
/// run concurrently and end in an action sent through the `mailbox`, which the loop waits on beside
/// the terminal and applies the moment it arrives (`processPendingResults`).
///
/// Each background effect runs under its `EffectID`: a second run under the same id replaces the
/// first, `.cancel(id)` stops one, `.quit` stops every request; a replaced or cancelled run's
/// result is never applied.
public final class Store {
    private var current: State
    private var running: [EffectID: (run: EffectRun, task: Task<Void, Never>)] = [:]
    private var runsStarted = 0
    /// The fields the settings' save under way or waiting will write.
    private var settingsFieldsUnsaved: Set<AppSettings.Field> = []
    /// How many changes of `Pinned.plist` were asked, and the last one's run (the next waits for it).
    private var pinChangesAsked = 0
    private var lastPinChange: Task<Void, Never>?
    /// How many writes of the ledger were asked, and the last run that touches the ledger (a
    /// write, or its reading before a refresh): each waits for the one before.
    private var ledgerWritesAsked = 0
    private var lastLedgerRun: Task<Void, Never>?
    /// The calls the next ledger write to begin takes: those of writes asked and not begun, and
    /// those another copy's lock kept back.
    private let callsToWrite = CallsToWrite()
    private let environment: AppEnvironment
    /// Readable while a finished effect's action waits to be applied.
    public let mailbox: Mailbox
    /// Shows a desktop notification through the terminal: the front end's backend, on the loop's
    /// thread, the store's own. None without a terminal (`--once`).
    public var notifier: ((DesktopNotification) -> Void)?
    /// Keeps the wakes the state asks for (`Effect.wake`) and, when one comes, has the front end
    /// call `woke`: the front end's program's timers, on the loop's thread. None without a
    /// terminal (`--once`): nothing waits for a wake, and `settle` does not.
    public var scheduler: WakeScheduler? {
        didSet {
            // What was asked before there was a scheduler is handed to it.
            for (id, date) in wakesAsked.sorted(by: { $0.value < $1.value }) { scheduler?.schedule(id, date) }
        }
    }
    /// The wakes asked and not cancelled, fired or replaced.
    private(set) var wakesAsked: [WakeID: Date] = [:]

    public init(config: AppConfig, environment: AppEnvironment) throws(Mailbox.Unavailable) {
        self.environment = environment
        self.current = State(config: config, now: environment.now())
        self.mailbox = try Mailbox()
        // The live clients' calls (and those answered before the store was there) come as actions.
        environment.callMeter?.connect(mailbox)
    }

    /// The state now.
    public var state: State { current }

    /// What time it is, by the environment's clock (the one the state's `now` comes from).
    public var now: Date { environment.now() }

    /// Whether `q` (or a signal) asked to leave.
    public var isQuitting: Bool { current.isQuitting }

    /// Restores settings, pins and the saved feed synchronously (the first frame has data at
    /// once: the list from the feed's preview where the environment has one, its details read in
    /// the background), then starts the background fetch if the feed is missing or stale. The
    /// forecasts, which no first frame needs and which can be as large as the feed, are read in
    /// the background.
    public func start() {
        let (settings, problem) = environment.loadSettings()
        send(.settingsLoaded(settings, notice: problem))
        let language = current.language
        let pins = environment.loadPins()
        send(.pinsLoaded(pins.pins, notice: pins.notice?.text(in: language)))
        // The day's count for the budget, and a damaged ledger said before any request adds to it:
        // a few lines read here, not a task (`--once` that fetches nothing then starts no thread).
        let today = environment.callsToday(), holds = environment.sharedHolds()
        send(.ledgerRead(calls: today.calls, notice: (today.notice ?? holds.notice)?.text(in: language), holds: holds.holds))
        let env = environment
        if let preview = env.previewArchive {
            let result = preview()
            send(.archiveRestored(result))
            if case .success = result { startOnItsThread(.restoreFeedDetails) { .archiveDetailsRestored(env.loadArchive()) } }
        } else {
            send(.archiveRestored(env.loadArchive()))
        }
        if let loadForecasts = env.loadForecasts {
            startOnItsThread(.restoreForecasts) {
                let loaded = loadForecasts()
                return .forecastsRestored(loaded.forecasts, notice: loaded.notice?.text(in: language))
            }
        }
        if let loadAlerts = env.loadAlerts {
            startOnItsThread(.restoreAlerts) {
                let loaded = loadAlerts()
                return .alertsRestored(loaded.alerts, notice: loaded.notice?.text(in: language))
            }
        }
        if let loadAir = env.loadAirQuality {
            startOnItsThread(.restoreAir) {
                let loaded = loadAir()
                return .airQualityRestored(loaded.air, notice: loaded.notice?.text(in: language))
            }
        }
        if let loadNowcasts = env.loadNowcasts {
            startOnItsThread(.restoreNowcasts) {
                let loaded = loadNowcasts()
                return .nowcast(.restored(loaded.nowcasts, notice: loaded.notice?.text(in: language)))
            }
        }
    }

    /// Applies an action now and launches the effects it asks for, with the wakes its change asks
    /// to move (`State.wakeEffects`).
    public func send(_ action: Action) {
        for effect in current.reduce(action) { run(effect) }
        for effect in current.wakeEffects(asked: wakesAsked) { run(effect) }
    }

    /// The scheduler's wakes under `ids` came at `now`: they are no longer asked, and the clock
    /// ticks (which asks again for what the state still wants).
    public func woke(_ ids: [WakeID], now: Date) {
        for id in ids { wakesAsked[id] = nil }
        send(.tick(now))
    }

    /// Applies the actions that effects sent, in the order they were sent; true when the state
    /// changed (redraw). `each` sees every action applied and the state it left (tests).
    @discardableResult
    public func processPendingResults(each: (Action, State) -> Void = { _, _ in }) -> Bool {
        let letters = mailbox.receive()
        guard !letters.isEmpty else { return false }
        let before = current
        for letter in letters {
            if let run = letter.effect {
                // A run that was replaced or cancelled ends unheard.
                guard running[run.id]?.run == run else { continue }
                running[run.id] = nil
            }
            if let action = letter.action {
                send(action)
                each(action, current)
            }
        }
        return current != before
    }

    /// Waits until no effect is running and every result has been applied (tests, `--once`, quit).
    /// On the caller's executor: with nothing running it returns without starting a thread.
    nonisolated(nonsending) public func settle() async {
        while true {
            processPendingResults()
            guard let task = running.values.first?.task else { return }
            // Its last act is to post its letter, which the next pass applies.
            await task.value
        }
    }

    /// Cancels every request in flight and waits for what is left (saves, which finish or leave the
    /// old file, and the cancelled requests' ends): quitting never waits for a server's answer or a
    /// request's deadline. The saves get `bound` on `clock`: a disk that does not answer (a hung
    /// network home) is said, not waited for.
    public func shutDown(savingWithin bound: Duration = .seconds(10), clock: any Clock<Duration> = ContinuousClock()) async {
        cancelRequests()
        var ledgerTried = false
        while true {
            processPendingResults()
            // Calls another copy's lock kept from the ledger get one more try, without waiting for it.
            if running.isEmpty, !ledgerTried, callsToWrite.hasCalls {
                ledgerTried = true
                writeLedger(adding: [:], lastTry: true)
            }
            let left = running
            guard !left.isEmpty else { break }
            guard await Self.end(left.values.map(\.task), before: bound, on: clock) else {
                let language = current.language
                let what = Set(left.keys.compactMap(\.saving).map { language.text($0) }).sorted()
                let seconds = bound.components.seconds
                send(.saveFailed(language.text("save.timedOut", ("what", what.isEmpty ? language.text("save.what.everything") : what.joined(separator: ", ")),
                                               ("seconds", String(seconds)))))
                return
            }
        }
        handCallsBack()
        // Changes to the cities another copy's lock kept back get one more try; settings need
        // none, since quitting saves them (with what was kept) as it begins.
        do throws(ArchiveError) { try environment.saveKeptPins() } catch {
            let language = current.language
            send(.saveFailed(language.text("save.notSaved", ("what", language.text("save.what.pins")), ("why", error.description(in: language)))))
        }
    }

    /// Calls heard from now on (a cancelled request the server had answered) are no store's: the
    /// meter holds them, those already posted too, for the run's end to write (`CallMeter.writeHeld`).
    private func handCallsBack() {
        guard let meter = environment.callMeter else { return }
        meter.disconnect()
        for letter in mailbox.receive() {
            if case .ledger(.answered(let provider, let calls))? = letter.action { meter.record(calls, by: provider) }
        }
    }

    /// Whether an effect's run is under way or its action not yet applied.
    public var hasRunningEffects: Bool { !running.isEmpty }

    /// True once every one of `tasks` has ended; false if `bound` on `clock` passes first (the
    /// tasks are left to end, or not, on their own).
    private static func end(_ tasks: [Task<Void, Never>], before bound: Duration, on clock: any Clock<Duration>) async -> Bool {
        let answer = FirstAnswer()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            answer.set(continuation)
            Task.detached {
                for task in tasks { await task.value }
                answer.give(true)
            }
            Task.detached {
                try? await clock.sleep(for: bound)
                answer.give(false)
            }
        }
    }

    /// The runs under way, each of which ends by posting its letter (tests wait for them).
    var runningTasks: [Task<Void, Never>] { running.values.map(\.task) }
    var runningIDs: [EffectID] { Array(running.keys) }

    private func run(_ effect: Effect) {
        let env = environment, mailbox = self.mailbox, language = current.language
        switch effect {
        case .fetchFeed(let request, let own, let pass):
            start(.feed, under: pass) { await .feedLoaded(env.fetchFeed(request, own)) }
        case .fetchPlaces(let places, let language, let pass):
            start(.places, under: pass) { await .placesLoaded(env.fetchPlaces(places, language)) }
        case .searchPlaces(let text, let language, let pass):
            start(.search, under: pass) { await .addCity(.found(query: text, env.searchPlaces(text, language))) }
        case .fetchForecast(let key, let language, let pass):
            start(.forecast(cityKey: key), under: pass) { await .forecastLoaded(cityKey: key, env.fetchForecast(key, language)) }
        case .fetchForecasts(let keys, let own, let language, let pass):
            start(.forecasts, under: pass) { await .forecastsLoaded(cityKeys: keys, env.fetchForecasts(keys, own, language)) }
        case .readLedger:
            // After the ledger's writes asked before it, before those asked after: a call is then
            // either in the file read or among the state's unwritten ones, never in both.
            let previous = lastLedgerRun
            start(.readLedger) {
                await previous?.value
                return await DedicatedThread.run {
                    let today = env.callsToday(), saved = env.loadPins(), holds = env.sharedHolds()
                    // Pins that could not be read leave the ones on screen as they are; why is said.
                    let notice = FileNotice.joined([today.notice, saved.notice, holds.notice])
                    return .ledgerRead(calls: today.calls, pins: saved.notice == nil ? saved.pins : nil,
                                       notice: notice?.text(in: language), at: env.now(), holds: holds.holds)
                }
            }
            lastLedgerRun = running[.readLedger]?.task
        case .saveFeed(let feed):
            saveInOrder(.saveFeed) { () throws(ArchiveError) in try env.saveFeed(feed) }
        case .fetchAirQuality(let places, let pass):
            start(.air, under: pass) {
                // Dated when asked: a refresh an hour after this one finds it an hour old.
                let asked = env.now()
                return await .airQualityLoaded(env.fetchAirQuality(places).map { StoredAirQuality(fetchedAt: asked, byCityKey: $0) })
            }
        case .saveAirQuality(let value):
            saveInOrder(.saveAir) { () throws(ArchiveError) in try env.saveAirQuality(value) }
        case .fetchNowcasts(let places, let pass):
            start(.nowcast, under: pass) {
                // Dated when asked: the next request waits from then.
                let asked = env.now()
                return await .nowcast(.loaded(env.fetchNowcasts(places).map { StoredNowcasts(fetchedAt: asked, byCityKey: $0) }))
            }
        case .saveNowcasts(let value):
            saveInOrder(.saveNowcasts) { () throws(ArchiveError) in try env.saveNowcasts(value) }
        case .notify(let note):
            notifier?(note)
        case .fetchAlerts(let request, let pass):
            start(.alerts(cityKey: request.cityKey)) {
                let asked = env.now()
                return await AlertPass.$current.withValue(pass) {
                    await .alertsLoaded(request, env.fetchAlerts(request), askedAt: asked)
                }
            }
        case .fetchAccuWeatherAlerts(let request, let pass):
            start(.alerts(cityKey: request.cityKey), under: pass) {
                let asked = env.now()
                return await .alertsLoaded(request, env.fetchAlerts(request), askedAt: asked)
            }
        case .saveAlerts(let value):
            saveInOrder(.saveAlerts) { () throws(ArchiveError) in try env.saveAlerts(value) }
        case .saveForecasts(let value):
            saveInOrder(.saveForecasts) { () throws(ArchiveError) in try env.saveForecasts(value) }
        case .saveSettings(let value, let fields):
            // In the background (no `fsync` between a key and its frame), in the order asked. A
            // save replaced before it began hands its fields on: a burst of keys is written once,
            // with every setting it changed.
            let fields = running[.saveSettings] == nil ? fields : fields.union(settingsFieldsUnsaved)
            settingsFieldsUnsaved = fields
            saveInOrder(.saveSettings, quitting: current.isQuitting) { () throws(ArchiveError) in try env.saveSettings(value, fields) }
        case .changePins(let change):
            // In the background, each after the one asked before it and none skipped: each is a
            // change of its own, merged into the file under its lock. Each answer holds the
            // earlier changes too; the state makes the later ones again on top of it.
            pinChangesAsked += 1
            let previous = lastPinChange
            start(.changePins(pinChangesAsked)) {
                await previous?.value
                return await DedicatedThread.run {
                    do throws(ArchiveError) { return .pinsChanged(try env.changePins(change)) } catch {
                        return .pinsChanged(nil, failure: Self.failure(saving: "save.what.pins", error, in: language))
                    }
                }
            }
            lastPinChange = running[.changePins(pinChangesAsked)]?.task
        case .keepHold(let provider, let hold):
            startOnItsThread(.keepHold(provider)) {
                env.keepHold(provider, hold)
                return nil
            }
        case .wake(let id, let date):
            wakesAsked[id] = date
            scheduler?.schedule(id, date)
        case .cancel(.wake(let id)):
            wakesAsked[id] = nil
            scheduler?.cancel(id)
        case .recordCalls(let calls):
            writeLedger(adding: calls)
        case .cancel(let id):
            running.removeValue(forKey: id)?.task.cancel()
        case .quit:
            cancelRequests()
        }
    }

    /// Stops every request in flight; their results are never applied.
    private func cancelRequests() {
        // The shared files' reading before a refresh goes too: the refresh it leads to never will.
        for id in running.keys where id.isRequest || id == .readLedger { running.removeValue(forKey: id)?.task.cancel() }
    }

    /// Starts a run under `id` in the background (replacing a run under it); the action `work`
    /// ends in is posted with the run's mark. A request runs under the pass its gate gave it
    /// (`GatePass.current`): its transport sends nothing without one.
    private func start(_ id: EffectID, under pass: GatePass? = nil, _ work: @escaping @Sendable () async -> Action?) {
        runsStarted += 1
        let run = EffectRun(id: id, number: runsStarted), mailbox = self.mailbox
        running[id]?.task.cancel()
        running[id] = (run, Task.detached {
            let action = await GatePass.$current.withValue(pass) { await work() }
            mailbox.post(action, endingRun: run)
        })
    }

    /// Starts `work`, which blocks on the disk (a read, a lock, an `fsync`), under `id` on a thread
    /// of its own: the pool has a thread a core, and one blocked there would leave a finished
    /// request no thread to post its answer on.
    private func startOnItsThread(_ id: EffectID, _ work: @escaping @Sendable () -> Action?) {
        start(id) { await DedicatedThread.run(work) }
    }

    /// Saves under `id` run in the order asked, and one replaced before it began is skipped: an
    /// older snapshot never lands after a newer one, and a burst of changes is written once. Each
    /// writes on a thread of its own, as `startOnItsThread`'s work does.
    private func saveInOrder(_ id: EffectID, quitting: Bool = false, _ body: @escaping @Sendable () throws(ArchiveError) -> Void) {
        let previous = running[id]?.task, what = id.saving ?? "save.what.everything", language = current.language
        start(id) {
            await previous?.value
            guard !Task.isCancelled else { return nil }
            return await DedicatedThread.run { Self.saving(what, quitting: quitting, in: language, body) }
        }
    }

    /// Adds `calls` to the ledger after the writes asked before. The write that begins takes every
    /// call waiting (those of writes asked meanwhile, and those a lock kept back), so a burst of
    /// answers is one write with their sum; what another copy's lock keeps back waits for the
    /// next. Each write blocks on the file's lock and `fsync`, on a thread of its own. `lastTry`
    /// (quitting): the lock is tried once, and calls it keeps back are said not saved.
    private func writeLedger(adding calls: [WeatherProvider: Double], lastTry: Bool = false) {
        callsToWrite.add(calls)
        ledgerWritesAsked += 1
        let id = EffectID.writeLedger(ledgerWritesAsked), previous = lastLedgerRun, waiting = callsToWrite
        let env = environment, language = current.language
        start(id) {
            await previous?.value
            let batch = waiting.takeAll()
            guard !batch.isEmpty else { return nil }
            return await DedicatedThread.run {
                let (kept, notice) = env.writeCalls(batch, lastTry)
                waiting.add(kept)
                var written = batch
                for (provider, calls) in kept { written[provider] = (written[provider] ?? 0) - calls }
                // The last try's calls kept back are lost with the run: said as a save not made.
                if lastTry, let notice {
                    return .saveFailed(language.text("save.notSaved", ("what", language.text("save.what.calls")), ("why", notice.text(in: language))))
                }
                return .ledger(.written(written.filter { $0.value > 0 }, kept: notice?.text(in: language)))
            }
        }
        lastLedgerRun = running[id]?.task
    }

    /// `.saveFailed` in words when `body` fails, else nil.
    private static func saving(_ what: String, quitting: Bool = false, in language: Language, _ body: () throws(ArchiveError) -> Void) -> Action? {
        do { try body() } catch { return .saveFailed(failure(saving: what, error, quitting: quitting, in: language)) }
        return nil
    }

    /// Why `what` (a catalogue key, `save.what.…`) was not saved, in `language`; a change another
    /// copy's lock kept back is kept (the environment's saves keep it) and saved with the next one,
    /// unless this was the last.
    private static func failure(saving what: String, _ error: ArchiveError, quitting: Bool = false, in language: Language) -> String {
        let values = [("what", language.text(what)), ("why", error.description(in: language))]
        guard case .busy = error else { return language.text("save.failed", values[0], values[1]) }
        return language.text(quitting ? "save.notSaved" : "save.notSavedYet", values[0], values[1])
    }
}

/// Where the store's wakes go: a program's timers (`TerminalApp` hands it its program's). Called
/// on the store's thread.
public struct WakeScheduler {
    /// Come back (`Store.woke`) at the date, in place of any wake under the id.
    public var schedule: (WakeID, Date) -> Void
    /// Forget the wake under the id.
    public var cancel: (WakeID) -> Void

    public init(schedule: @escaping (WakeID, Date) -> Void, cancel: @escaping (WakeID) -> Void) {
        self.schedule = schedule
        self.cancel = cancel
    }
}

/// A continuation resumed by the first of several racers, once.
private final class FirstAnswer: Sendable {
    private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)

    func set(_ waiting: CheckedContinuation<Bool, Never>) { continuation.withLock { $0 = waiting } }

    func give(_ value: Bool) {
        continuation.withLock { waiting in
            waiting?.resume(returning: value)
            waiting = nil
        }
    }
}

extension EffectID {
    /// What a save under this id keeps, as its words' catalogue key (nil: not a save).
    var saving: String? {
        switch self {
        case .saveSettings: "save.what.settings"
        case .changePins: "save.what.pins"
        case .saveFeed: "save.what.feed"
        case .saveForecasts: "save.what.forecasts"
        case .saveAir: "save.what.air"
        case .keepHold: "save.what.hold"
        case .saveNowcasts: "save.what.nowcasts"
        case .saveAlerts: "save.what.alerts"
        case .writeLedger: "save.what.calls"
        default: nil
        }
    }
}

/// The calls waiting for the ledger's next write, shared by the store and its write runs.
private final class CallsToWrite: Sendable {
    private let calls = Mutex<[WeatherProvider: Double]>([:])

    func add(_ more: [WeatherProvider: Double]) {
        guard !more.isEmpty else { return }
        calls.withLock { $0.merge(more, uniquingKeysWith: +) }
    }

    /// Every call waiting, which are no longer.
    func takeAll() -> [WeatherProvider: Double] {
        calls.withLock { calls in
            defer { calls = [:] }
            return calls
        }
    }

    var hasCalls: Bool { calls.withLock { !$0.isEmpty } }
}
