/// The process's `AsyncHTTPTransport.shared`, made at the first request sent through it: a
/// client is built at every start, also by runs that never send anything (`--offline`, a fresh
/// saved feed), and making the transport reads the environment's proxies and instantiates its
/// generic storage, a measurable part of such a run (scripts/bench, start-up).
public struct SharedHTTPTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        try await AsyncHTTPTransport.shared.send(request)
    }
}
