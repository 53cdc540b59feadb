#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels

/// The one way out to a source (docs/spec.md §4 "The gate"): every request of every run asks it
/// first. It knows the source's hold (a 429's `Retry-After` or the limit Open-Meteo's reason names,
/// AccuWeather's spent day), the day's budget and what the ledger says was spent, and is told how
/// fresh what is saved is; it answers with a `GatePass` or a `Refusal`. The header's `next`,
/// `limit until` and `budget spent` are read from the same values, so the screen cannot promise
/// what the gate would refuse.
public struct SourceGate: Equatable, Sendable {
    /// The source whose limits these are (the air is Open-Meteo's, whichever source gives the weather).
    public let provider: WeatherProvider
    /// No request before `until`, and why.
    public var hold: Hold?
    /// The calls a day that requests nobody asked for may spend; nil: no budget.
    public var dailyBudget: Double?
    /// Calls every run of the program sent this source today, as the ledger last said.
    public var spentToday: Double = 0

    public init(provider: WeatherProvider, dailyBudget: Double? = nil) {
        self.provider = provider
        self.dailyBudget = dailyBudget
    }

    /// A time before which the source said not to ask again.
    public typealias Hold = SourceHold

    /// What a request is for: the words a refusal is said with, and the ledger line it counts on.
    public enum Purpose: String, Equatable, Sendable {
        case weather, places, air, forecast, search, nowcast, alerts
    }

    /// One request as the gate weighs it.
    public struct Ask: Equatable, Sendable {
        public var purpose: Purpose
        /// What it costs by the source's own rule (`CallCost`).
        public var calls: Double
        /// Asked for by a key press (`r`, a search, a detail opened; or a start with nothing to
        /// show): it may spend past the day's budget, never past a hold. Otherwise automatic.
        public var userAsked: Bool
        /// What is saved for it stays fresh until then: nothing is asked before (nil: nothing
        /// saved, or of no known age, or freshness does not apply, as for `r`).
        public var freshUntil: Date?

        public init(_ purpose: Purpose, calls: Double, userAsked: Bool, freshUntil: Date? = nil) {
            self.purpose = purpose
            self.calls = calls
            self.userAsked = userAsked
            self.freshUntil = freshUntil
        }
    }

    /// Why a request may not go now.
    public enum Refusal: Error, Equatable, Sendable {
        /// The source said no request before `hold.until`.
        case held(Hold)
        /// Today's budget cannot pay for it; a new one starts at `until`.
        case budgetSpent(spent: Double, budget: Double, until: Date)
        /// What is saved is fresh until then.
        case fresh(until: Date)
    }

    /// The gate's answer for `ask` at `now`, without letting it through (the header's promises).
    public func check(_ ask: Ask, now: Date) -> Refusal? {
        if let hold, hold.until > now { return .held(hold) }
        if let fresh = ask.freshUntil, fresh > now { return .fresh(until: fresh) }
        if !ask.userAsked, let budget = dailyBudget, spentToday + ask.calls > budget {
            return .budgetSpent(spent: spentToday, budget: budget, until: CallDay(containing: now).end)
        }
        return nil
    }

    /// Lets `ask` through when it may go now: the pass is what the request's effect runs under.
    /// Its calls are counted when the source answers (the ledger), not here.
    public func admit(_ ask: Ask, now: Date) -> Result<GatePass, Refusal> {
        if let refusal = check(ask, now: now) { return .failure(refusal) }
        return .success(GatePass(provider: provider, purpose: ask.purpose, calls: ask.calls))
    }

    /// A request's failure, heard: a 429 holds the source until the time it gave, AccuWeather's
    /// spent day until the ledger's day ends. Nothing else holds it.
    public mutating func heard(_ error: ServiceError, at now: Date) {
        switch error {
        case .rateLimited(_, _, let until):
            hold = Hold(until: until, reason: error.errorDescription ?? "rate limited")
        case .quotaExceeded:
            hold = Hold(until: CallDay(containing: now).end, reason: error.errorDescription ?? "daily request limit reached")
        default:
            break
        }
    }

    /// The hold in force at `now`, if any.
    public func hold(at now: Date) -> Hold? {
        hold.flatMap { $0.until > now ? $0 : nil }
    }
}

/// A request's leave to go: only `SourceGate.admit` makes one, and every request effect carries
/// one. Its task runs under it (`GatePass.current`), and `GatedTransport` sends nothing without
/// a pass for its source, so nothing reaches a server that the gate did not let through.
public struct GatePass: Equatable, Hashable, Sendable {
    public let provider: WeatherProvider
    public let purpose: SourceGate.Purpose
    /// What the gate counted for it.
    public let calls: Double

    fileprivate init(provider: WeatherProvider, purpose: SourceGate.Purpose, calls: Double) {
        self.provider = provider
        self.purpose = purpose
        self.calls = calls
    }

    /// The pass the running task's requests go under.
    @TaskLocal public static var current: GatePass?

}

/// A transport that sends a request only under a pass for its source (`GatePass.current`); any
/// other request fails at once as refused, without reaching the network.
public struct GatedTransport: HTTPTransport {
    public let provider: WeatherProvider
    public let base: any HTTPTransport

    public init(_ provider: WeatherProvider, over base: any HTTPTransport) {
        self.provider = provider
        self.base = base
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let pass = GatePass.current, pass.provider == provider else {
            throw HTTPTransportError.refusedByGate
        }
        return try await base.send(request)
    }
}
