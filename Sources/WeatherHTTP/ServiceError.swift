#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

/// Why a request to a weather source gave no usable answer; `errorDescription` is what a person reads.
public enum ServiceError: Error, Equatable, Sendable {
    /// No route, DNS failure or connection refused.
    case unreachable(host: String)
    /// The server's TLS certificate was refused (not trusted, expired, another host's).
    case certificateRejected(host: String, detail: String)
    /// The whole-request deadline passed.
    case timedOut(host: String, seconds: Double)
    /// 401 or 403: the key was rejected; `keySource` says where it came from (a flag, a
    /// variable, a file), so the message sends the user to the right place.
    case unauthorized(status: Int, keySource: String = ServiceError.defaultKeySource)
    /// 503 `ServiceUnavailable` or 429: the daily request limit is spent.
    case quotaExceeded
    /// Another error status with an error body the source explained (message already redacted).
    case server(code: String, message: String, status: Int)
    /// Another error status with only a reason in words (Open-Meteo's `{"error": true, "reason": …}`), already clipped.
    case rejected(reason: String, status: Int)
    /// 429 with a wait the source stated (`Retry-After`) or its reason implies: no request to the
    /// same source before `until` (docs/spec.md §4 "A 429"); the reason already clipped.
    case rateLimited(reason: String, status: Int, until: Date)
    /// A body that is not the expected JSON, too large, or holding more cities than asked.
    case unexpectedResponse(host: String, detail: String)
    /// The request was cancelled.
    case cancelled
}

extension ServiceError {
    /// The earliest instant the source may be asked again, when it said so; nil otherwise.
    public var holdUntil: Date? {
        if case .rateLimited(_, _, let until) = self { return until }
        return nil
    }

    /// Whether the next request to the same source would fail the same way (the network, the
    /// key, the day's limit), so a round of calls stops asking; a server's answer about one
    /// request (an error status with a body, a body of the wrong shape) says nothing of the next.
    public var failsEveryRequest: Bool {
        switch self {
        case .unreachable, .certificateRejected, .timedOut, .unauthorized, .quotaExceeded, .rateLimited, .cancelled: true
        case .server, .rejected, .unexpectedResponse: false
        }
    }
}

extension ServiceError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreachable(let host):
            return "offline: cannot reach \(host)"
        case .certificateRejected(let host, let detail):
            return "offline: cannot reach \(host): certificate \(detail)"
        case .timedOut(let host, let seconds):
            return "offline: \(host) did not answer within \(Self.format(seconds: seconds)) s"
        case .unauthorized(let status, let keySource):
            return "API key rejected (\(status)): check \(keySource)"
        case .quotaExceeded:
            return "daily request limit reached"
        case .server(let code, let message, let status):
            return "\(code): \(message) (\(status))"
        case .rejected(let reason, let status), .rateLimited(let reason, let status, _):
            return "\(reason) (\(status))"
        case .unexpectedResponse(let host, let detail):
            return "unexpected response from \(host) (\(detail))"
        case .cancelled:
            return "request cancelled"
        }
    }

    /// Where a key comes from when nothing says otherwise.
    public static let defaultKeySource = "ACCUWEATHER_API_KEY"

    private static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : seconds.fixed(1)
    }
}
