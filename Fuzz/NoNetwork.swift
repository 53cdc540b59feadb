// The fuzz build of the answers' decoders leaves out the live transport (AsyncHTTPClient, which
// swiftc alone cannot build): this stands in for the process's transport the clients default to.
// Nothing in the fuzz build sends a request through it.

/// A transport that reaches nothing.
public struct SharedHTTPTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        throw HTTPTransportError.unreachable
    }
}
