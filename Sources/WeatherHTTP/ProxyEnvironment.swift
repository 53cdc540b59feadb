#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport

/// The proxies the environment names, read as curl reads them, since AsyncHTTPClient reads none:
/// `http_proxy` (lower case only), `https_proxy`/`HTTPS_PROXY`, `all_proxy`/`ALL_PROXY` as the
/// fallback, and `no_proxy`/`NO_PROXY` for the hosts reached directly.
public struct ProxyEnvironment: Equatable, Sendable {
    /// One proxy server, as AsyncHTTPClient can use it.
    public struct Proxy: Hashable, Sendable {
        /// How the proxy is spoken to.
        public enum Kind: Hashable, Sendable {
            /// An HTTP proxy: absolute-form requests for `http` (`AsyncHTTPTransport.exchangeThroughProxy`),
            /// `CONNECT` tunnels for `https` (AsyncHTTPClient's).
            case http
            /// A SOCKS5 proxy.
            case socks5
        }

        public var kind: Kind
        public var host: String
        public var port: Int
        /// Basic credentials given in the proxy URL (`http://user:pass@host:port`), decoded.
        public var credentials: Credentials?

        public init(kind: Kind, host: String, port: Int, credentials: Credentials? = nil) {
            self.kind = kind
            self.host = host
            self.port = port
            self.credentials = credentials
        }
    }

    /// A user name and password for a proxy.
    public struct Credentials: Hashable, Sendable {
        public var username: String
        public var password: String

        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// The proxy for `http` URLs, if any.
    public var http: Proxy?
    /// The proxy for `https` URLs, if any.
    public var https: Proxy?
    /// `no_proxy` entries, lowercased, without a leading dot; `*` means every host.
    public var noProxy: [String]

    /// curl's port for a proxy URL that names none.
    static let defaultPort = 1080

    /// No proxy at all.
    public static let direct = ProxyEnvironment(environment: [:])

    public init(environment: [String: String]) {
        func value(_ names: String...) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.trimmed.isEmpty }
        }
        let fallback = value("all_proxy", "ALL_PROXY")
        // Upper-case HTTP_PROXY is ignored, as curl ignores it: a CGI program gets HTTP_PROXY
        // from a request's `Proxy:` header, so the variable cannot be trusted (httpoxy).
        http = (value("http_proxy") ?? fallback).flatMap(Self.parse)
        https = (value("https_proxy", "HTTPS_PROXY") ?? fallback).flatMap(Self.parse)
        noProxy = (value("no_proxy", "NO_PROXY") ?? "")
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
            .map { entry in
                var name = entry.lowercased()
                while name.hasPrefix(".") { name.removeFirst() }
                while name.hasSuffix(".") { name.removeLast() }
                return Self.unbracketed(name)
            }
            .filter { !$0.isEmpty }
    }

    /// The proxy a request to `url` goes through, or nil to connect directly.
    public func proxy(for url: URL) -> Proxy? {
        let proxy: Proxy?
        switch url.scheme?.lowercased() {
        case "http": proxy = http
        case "https": proxy = https
        default: proxy = nil
        }
        guard let proxy, let host = url.host else { return proxy }
        return bypasses(host) ? nil : proxy
    }

    /// True when `no_proxy` names `host`: `*`, the host itself, or a domain it is under.
    public func bypasses(_ host: String) -> Bool {
        var name = Self.unbracketed(host.lowercased())
        while name.hasSuffix(".") { name.removeLast() }
        return noProxy.contains { entry in
            entry == "*" || name == entry || name.hasSuffix("." + entry)
        }
    }

    /// `host:port`, `http://host:port/`, `socks5h://user:pass@host` → a proxy; nil for what
    /// AsyncHTTPClient cannot speak to (an `https://` proxy, SOCKS4).
    static func parse(_ text: String) -> Proxy? {
        let trimmed = text.trimmed
        let withScheme = trimmed.contains("://") ? trimmed : "http://" + trimmed
        guard let components = URLComponents(string: withScheme), let host = components.host, !host.isEmpty else { return nil }
        let kind: Proxy.Kind
        switch components.scheme?.lowercased() {
        case "http": kind = .http
        case "socks5", "socks5h": kind = .socks5
        default: return nil
        }
        var credentials: Credentials?
        if let user = components.user {
            credentials = Credentials(username: user, password: components.password ?? "")
        }
        return Proxy(kind: kind, host: unbracketed(host), port: components.port ?? defaultPort, credentials: credentials)
    }

    private static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
