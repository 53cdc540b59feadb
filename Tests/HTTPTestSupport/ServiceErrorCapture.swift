import Foundation
import WeatherHTTP

/// The error an operation threw, or nil when it succeeded.
public func capture<T>(_ operation: () async throws -> T) async -> ServiceError? {
    do {
        _ = try await operation()
        return nil
    } catch let error as ServiceError {
        return error
    } catch {
        // Not a ServiceError: a value no expectation holds, so the test fails and shows it.
        return .unexpectedResponse(host: "not a ServiceError", detail: "\(error)")
    }
}

/// The error with the loopback `host:port` of a test server written as `127.0.0.1:PORT`,
/// so expectations can be literal while still checking the port was the server's.
public func normalized(_ error: ServiceError?, port: UInt16) -> ServiceError? {
    let actual = "127.0.0.1:\(port)"
    func fix(_ host: String) -> String { host == actual ? "127.0.0.1:PORT" : host }
    switch error {
    case .unreachable(let host)?: return .unreachable(host: fix(host))
    case .timedOut(let host, let seconds)?: return .timedOut(host: fix(host), seconds: seconds)
    case .unexpectedResponse(let host, let detail)?: return .unexpectedResponse(host: fix(host), detail: detail)
    default: return error
    }
}
