#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherHTTP
import WeatherModels

/// An official alerts source's gate (docs/spec.md §4 "The gate"): the way out for every alerts
/// request. It weighs a request as `SourceGate` weighs one (a hold first, then freshness), for a
/// source that is no `WeatherProvider` (those are what `--source` chooses from) and has no day's
/// budget: the sources are free, and a place is asked once in ten minutes at most.
public struct AlertGate: Equatable, Sendable {
    public let source: AlertSource
    /// No request before `hold.until`, and why.
    public var hold: SourceHold?

    public init(source: AlertSource, hold: SourceHold? = nil) {
        self.source = source
        self.hold = hold
    }

    /// Why a request for a place whose last answer holds until `freshUntil` may not go at `now`; nil when it may.
    public func check(freshUntil: Date?, now: Date) -> SourceGate.Refusal? {
        if let hold, hold.until > now { return .held(hold) }
        if let freshUntil, freshUntil > now { return .fresh(until: freshUntil) }
        return nil
    }

    /// Lets the request for the place of `cityKey` through when it may go now.
    public func admit(cityKey: String, freshUntil: Date?, now: Date) -> Result<AlertPass, SourceGate.Refusal> {
        if let refusal = check(freshUntil: freshUntil, now: now) { return .failure(refusal) }
        return .success(AlertPass(source: source, cityKey: cityKey))
    }

    /// A request's failure, heard: a 429 holds the source until the time it gave.
    public mutating func heard(_ error: ServiceError) {
        if case .rateLimited(_, _, let until) = error {
            hold = SourceHold(until: until, reason: error.errorDescription ?? "rate limited")
        }
    }
}

/// An alerts request's leave to go: only `AlertGate.admit` makes one; the request's task runs
/// under it (`AlertPass.current`) and `AlertGatedTransport` sends nothing without it.
public struct AlertPass: Equatable, Hashable, Sendable {
    public let source: AlertSource
    public let cityKey: String

    fileprivate init(source: AlertSource, cityKey: String) {
        self.source = source
        self.cityKey = cityKey
    }

    /// The pass the running task's requests go under.
    @TaskLocal public static var current: AlertPass?
}

/// A transport that sends a request only under a pass for its alerts source; any other request
/// fails at once as refused, without reaching the network.
public struct AlertGatedTransport: HTTPTransport {
    public let source: AlertSource
    public let base: any HTTPTransport

    public init(_ source: AlertSource, over base: any HTTPTransport) {
        self.source = source
        self.base = base
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let pass = AlertPass.current, pass.source == source else { throw HTTPTransportError.refusedByGate }
        return try await base.send(request)
    }
}
