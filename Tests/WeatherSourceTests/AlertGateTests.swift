import Foundation
import Testing
import WeatherHTTP
import WeatherModels
@testable import WeatherSource

/// An official alerts source's gate: a hold first, then the place's freshness; its transport
/// sends nothing without a pass for its source.
@Suite struct AlertGateTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aHoldRefusesBeforeFreshnessAndAPastOneNothing() {
        let hold = SourceHold(until: Self.now + 60, reason: "too many requests (429)")
        let gate = AlertGate(source: .nws, hold: hold)
        #expect(gate.check(freshUntil: Self.now + 600, now: Self.now) == .held(hold))
        #expect(gate.check(freshUntil: nil, now: Self.now + 60) == nil)
        #expect(AlertGate(source: .nws).check(freshUntil: Self.now + 1, now: Self.now) == .fresh(until: Self.now + 1))
        #expect(AlertGate(source: .nws).check(freshUntil: Self.now, now: Self.now) == nil)
    }

    @Test func a429HoldsTheSourceAndNothingElseDoes() {
        var gate = AlertGate(source: .metNorway)
        gate.heard(.unreachable(host: "api.met.no"))
        gate.heard(.rejected(reason: "refused", status: 403))
        #expect(gate.hold == nil)
        gate.heard(.rateLimited(reason: "slow down", status: 429, until: Self.now + 120))
        #expect(gate.hold == SourceHold(until: Self.now + 120, reason: "slow down (429)"))
    }

    /// Answers every request, so a refusal can only be the gate's.
    struct Answering: HTTPTransport {
        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            HTTPTransportResponse(statusCode: 200, headers: [:], body: Data())
        }
    }

    @Test func itsTransportSendsOnlyUnderAPassForItsSource() async throws {
        let transport = AlertGatedTransport(.nws, over: Answering())
        let request = HTTPTransportRequest(url: URL(string: "http://127.0.0.1:9/alerts/active")!, timeout: 5, maxBodyBytes: 1 << 20)
        await #expect(throws: HTTPTransportError.refusedByGate) { try await transport.send(request) }
        guard case .success(let other) = AlertGate(source: .brightSky).admit(cityKey: "1", freshUntil: nil, now: Self.now),
              case .success(let own) = AlertGate(source: .nws).admit(cityKey: "1", freshUntil: nil, now: Self.now) else {
            Issue.record("an open gate refused")
            return
        }
        await #expect(throws: HTTPTransportError.refusedByGate) { try await AlertPass.$current.withValue(other) { try await transport.send(request) } }
        let answered = try await AlertPass.$current.withValue(own) { try await transport.send(request) }
        #expect(answered.statusCode == 200)
    }
}
