import EssentialsSupport
import WeatherHTTP

extension FeedError {
    /// `errorDescription` in `language`: what the banner, the detail and `!` say. A server's own
    /// words (its error code and message, a 429's reason) stay as it sent them.
    public func description(in language: Language) -> String {
        guard language != .english else { return errorDescription ?? "" }
        switch self {
        case .noAPIKey: return language.text("error.noKey")
        case .offlineMode: return language.text("error.offlineMode")
        case .network(let error):
            switch error {
            case .unreachable(let host): return language.text("error.unreachable", ("host", host))
            case .certificateRejected(let host, let detail): return language.text("error.certificate", ("host", host), ("detail", detail))
            case .timedOut(let host, let seconds):
                let shown = seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : language.decimal(seconds.fixed(1))
                return language.text("error.timedOut", ("host", host), ("seconds", shown))
            case .unauthorized(let status, let keySource):
                let source = KeySource(english: keySource)?.text(in: language) ?? keySource
                return language.text("error.unauthorized", ("status", String(status)), ("source", source))
            case .quotaExceeded: return language.text("error.quota")
            case .unexpectedResponse(let host, let detail): return language.text("error.unexpected", ("host", host), ("detail", detail))
            case .cancelled: return language.text("error.cancelled")
            case .server, .rejected, .rateLimited: return errorDescription ?? ""
            }
        }
    }
}
