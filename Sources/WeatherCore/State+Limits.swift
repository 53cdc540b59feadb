#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import EssentialsSupport
import WeatherModels
import WeatherSource

/// Each source's gate (docs/spec.md §4 "The gate"): the holds and the day's spending, kept per
/// source. The weather's source and the air's (Open-Meteo) are one gate when they are one source.
public struct Limits: Equatable, Sendable {
    /// The holds and the calls spent, by source; the budgets are the state's (`State.gate(for:)`).
    public var gates: [WeatherProvider: SourceGate] = [:]
    /// `settings.plist`'s `dailyCalls`, which a person may write there.
    public var savedDailyCalls: Int?
    /// The calls this run counted that the ledger does not hold yet (State+Ledger.swift).
    public var ledger = LedgerState()

    public init() {}
}

/// What changes a gate: each reads and writes only `Limits` (the clock comes as an argument).
extension Limits {
    /// A request's failure reaches its source's gate: a 429 or a spent day holds it.
    mutating func heard(_ error: FeedError, from provider: WeatherProvider, at now: Date) {
        guard case .network(let service) = error else { return }
        changeGate(of: provider) { $0.heard(service, at: now) }
    }

    /// A request `provider` answered: its calls count against today's spending at once (the
    /// ledger's write of them comes after).
    mutating func counted(_ calls: Double, by provider: WeatherProvider) {
        changeGate(of: provider) { $0.spentToday += calls }
    }

    /// Holds other runs of the program met (`Holds.txt`): each gate keeps the later of its own and the file's.
    mutating func held(_ holds: [WeatherProvider: SourceGate.Hold]) {
        for (provider, hold) in holds {
            changeGate(of: provider) { gate in
                if gate.hold.map({ $0.until < hold.until }) ?? true { gate.hold = hold }
            }
        }
    }

    /// The ledger's counts, by source, as every run of the program spent them today, with this
    /// run's calls the file does not hold yet: a reading never takes back a call counted.
    mutating func spent(_ calls: [WeatherProvider: Double]) {
        for (provider, count) in calls {
            let unwritten = ledger.unwritten[provider] ?? 0
            changeGate(of: provider) { $0.spentToday = count + unwritten }
        }
    }

    /// Keeps what `change` makes of `provider`'s hold and spending (the budget is this run's,
    /// applied by `State.gate(for:)`); a gate nothing changed is not stored.
    private mutating func changeGate(of provider: WeatherProvider, _ change: (inout SourceGate) -> Void) {
        let kept = gates[provider] ?? SourceGate(provider: provider)
        var changed = kept
        change(&changed)
        if changed != kept { gates[provider] = changed }
    }
}

extension State {
    /// The source of the air, whichever source gives the weather.
    public static let airProvider = WeatherProvider.openMeteo

    /// `provider`'s gate as it stands, with the day's budget of this run: for the weather's source
    /// `--daily-calls`, else the settings file's, else the source's default; for the air's, when it
    /// is another source, that source's default. The demo costs nothing and has none.
    public func gate(for provider: WeatherProvider) -> SourceGate {
        var gate = limits.gates[provider] ?? SourceGate(provider: provider)
        gate.dailyBudget = config.demo ? nil : (provider == config.provider
            ? config.provider.dailyCalls(option: config.dailyCalls, settings: limits.savedDailyCalls)
            : provider.defaultDailyCalls).map(Double.init)
        return gate
    }

    /// The weather source's gate.
    public var weatherGate: SourceGate { gate(for: config.provider) }

    /// Asks `provider`'s gate to let `ask` through now: the pass, or why not.
    func admit(_ ask: SourceGate.Ask, to provider: WeatherProvider) -> Result<GatePass, SourceGate.Refusal> {
        gate(for: provider).admit(ask, now: now)
    }

    /// When the nearest hold in force ends (the header's `limit until` goes then, and what it
    /// held may go): a wake is asked for it.
    var nextHoldEnd: Date? {
        limits.gates.values.compactMap { $0.hold(at: now)?.until }.min()
    }

    /// What a refusal says to a person: when the source may be asked again, and why not now.
    /// In the run's language; a source's own reason for its hold stays as it sent it.
    func words(for refusal: SourceGate.Refusal, of provider: WeatherProvider) -> String {
        switch refusal {
        case .held(let hold):
            return language.text("limit.held", ("source", provider.displayName),
                                 ("time", WeatherFormat.clock(hold.until, timeZone: config.timeZone)), ("reason", hold.reason))
        case .budgetSpent(let spent, let budget, let until):
            return language.text("limit.budgetSpent", ("budget", String(Int(budget))), ("spent", String(Int(spent.rounded()))),
                                 ("time", WeatherFormat.clock(until, timeZone: config.timeZone)))
        case .fresh(let until):
            return language.text("limit.fresh", ("time", WeatherFormat.clock(until, timeZone: config.timeZone)))
        }
    }
}

extension State {
    /// The pass for a `--city` name's search, made before the store starts (the names must be
    /// known to decide what to fetch): the same gate with today's spending, or why not, in words.
    public static func searchPass(config: AppConfig, spent: [WeatherProvider: Double], holds: [WeatherProvider: SourceGate.Hold] = [:],
                                  now: Date) -> Result<GatePass, FeedError> {
        if let blocked = FeedPolicy.fetchBlocked(config: config) { return .failure(blocked) }
        var state = State(config: config, now: now)
        state.limits.spent(spent)
        state.limits.held(holds)
        let ask = SourceGate.Ask(.search, calls: config.demo ? 0 : config.searchCost, userAsked: true)
        return state.admit(ask, to: config.provider).mapError { refusal in
            .network(.rejected(reason: state.words(for: refusal, of: config.provider), status: 429))
        }
    }
}
