import Foundation
import Testing
import WeatherHTTP
import WeatherModels
@testable import WeatherSource

/// The gate's decisions, as a table (docs/spec.md §4 "The gate"): holds refuse everything, the
/// budget refuses what nobody asked for, what is fresh is not asked again.
@Suite struct SourceGateTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
    static let dayEnd = CallDay(containing: now).end
    static let hold = SourceGate.Hold(until: now + 120, reason: "Minutely API request limit exceeded. (429)")

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var hold: SourceGate.Hold? = nil
        var budget: Double? = 5_000
        var spent: Double = 0
        var ask: SourceGate.Ask
        var expected: SourceGate.Refusal?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "an automatic refresh within the budget goes", ask: .init(.weather, calls: 50, userAsked: false), expected: nil),
        Row(name: "r within the budget goes", ask: .init(.weather, calls: 50, userAsked: true), expected: nil),
        Row(name: "a hold refuses r", hold: hold, ask: .init(.weather, calls: 50, userAsked: true), expected: .held(hold)),
        Row(name: "a hold refuses an automatic refresh", hold: hold, ask: .init(.weather, calls: 50, userAsked: false), expected: .held(hold)),
        Row(name: "a hold refuses the air", hold: hold, ask: .init(.air, calls: 50, userAsked: false), expected: .held(hold)),
        Row(name: "a hold refuses a search", hold: hold, ask: .init(.search, calls: 0, userAsked: true), expected: .held(hold)),
        Row(name: "a hold refuses a detail's forecast", hold: hold, ask: .init(.forecast, calls: 1.8, userAsked: true), expected: .held(hold)),
        Row(name: "a hold that has ended refuses nothing", hold: .init(until: now, reason: "x"), ask: .init(.weather, calls: 50, userAsked: false),
            expected: nil),
        Row(name: "a spent budget refuses an automatic refresh", spent: 4_990, ask: .init(.weather, calls: 50, userAsked: false),
            expected: .budgetSpent(spent: 4_990, budget: 5_000, until: dayEnd)),
        Row(name: "a spent budget refuses the air", spent: 4_990, ask: .init(.air, calls: 50, userAsked: false),
            expected: .budgetSpent(spent: 4_990, budget: 5_000, until: dayEnd)),
        Row(name: "r goes past a spent budget", spent: 4_990, ask: .init(.weather, calls: 50, userAsked: true), expected: nil),
        Row(name: "a request that just fits the budget goes", spent: 4_950, ask: .init(.weather, calls: 50, userAsked: false), expected: nil),
        Row(name: "no budget refuses nothing", budget: nil, spent: 1e9, ask: .init(.weather, calls: 50, userAsked: false), expected: nil),
        Row(name: "what is fresh is not asked again", ask: .init(.forecast, calls: 1.8, userAsked: true, freshUntil: now + 60),
            expected: .fresh(until: now + 60)),
        Row(name: "what was fresh until now is asked again", ask: .init(.forecast, calls: 1.8, userAsked: true, freshUntil: now), expected: nil),
        Row(name: "a hold is said before freshness", hold: hold, ask: .init(.air, calls: 1, userAsked: false, freshUntil: now + 60),
            expected: .held(hold)),
    ]

    @Test(arguments: rows) func decides(_ row: Row) {
        var gate = SourceGate(provider: .openMeteo, dailyBudget: row.budget)
        gate.hold = row.hold
        gate.spentToday = row.spent
        #expect(gate.check(row.ask, now: Self.now) == row.expected)
        switch gate.admit(row.ask, now: Self.now) {
        case .success(let pass):
            #expect(row.expected == nil)
            #expect(pass.provider == .openMeteo && pass.purpose == row.ask.purpose && pass.calls == row.ask.calls)
        case .failure(let refusal):
            #expect(refusal == row.expected)
        }
    }

    @Test func a429HoldsUntilItsTimeAndASpentDayUntilTheLedgersDayEnds() {
        var gate = SourceGate(provider: .openMeteo)
        gate.heard(.unreachable(host: "h"), at: Self.now)
        #expect(gate.hold == nil, "a lost network holds nothing: the next try may find it back")
        gate.heard(.rateLimited(reason: "Minutely API request limit exceeded.", status: 429, until: Self.now + 60), at: Self.now)
        #expect(gate.hold?.until == Self.now + 60)
        #expect(gate.hold?.reason == "Minutely API request limit exceeded. (429)")
        gate.heard(.quotaExceeded, at: Self.now)
        #expect(gate.hold == SourceGate.Hold(until: Self.dayEnd, reason: "daily request limit reached"))
        #expect(gate.hold(at: Self.dayEnd) == nil && gate.hold(at: Self.dayEnd - 1) != nil)
    }

    /// The transport sends nothing without a pass for its own source.
    @Test func theGatedTransportSendsOnlyUnderAPassForItsSource() async throws {
        let sent = SentRequests()
        let transport = GatedTransport(.openMeteo, over: sent)
        let request = HTTPTransportRequest(url: URL(string: "http://127.0.0.1:9/v1/forecast")!, timeout: 1, maxBodyBytes: 1)
        await #expect(throws: HTTPTransportError.refusedByGate) { try await transport.send(request) }
        guard case .success(let other) = SourceGate(provider: .accuWeather).admit(.init(.weather, calls: 1, userAsked: true), now: Self.now),
              case .success(let own) = SourceGate(provider: .openMeteo).admit(.init(.weather, calls: 1, userAsked: true), now: Self.now)
        else { Issue.record("an open gate refused"); return }
        await #expect(throws: HTTPTransportError.refusedByGate) {
            try await GatePass.$current.withValue(other) { try await transport.send(request) }
        }
        #expect(sent.count == 0)
        _ = try await GatePass.$current.withValue(own) { try await transport.send(request) }
        #expect(sent.count == 1)
    }
}

/// A transport that answers 200 to everything and counts what reached it.
final class SentRequests: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    var count: Int { lock.withLock { sent } }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        lock.withLock { sent += 1 }
        return HTTPTransportResponse(statusCode: 200, headers: [:], body: Data())
    }
}
