import Foundation
import HTTPTestSupport
import Testing
@testable import WeatherHTTP

/// The environment's proxies read as curl reads them.
@Suite struct ProxyEnvironmentTests {
    private let url = URL(string: "http://dataservice.accuweather.com/x")!
    private let secureURL = URL(string: "https://dataservice.accuweather.com/x")!

    @Test func httpProxyIsReadInLowerCaseOnly() {
        #expect(ProxyEnvironment(environment: ["http_proxy": "http://p:3128"]).proxy(for: url) == .init(kind: .http, host: "p", port: 3128))
        // As curl: HTTP_PROXY can come from a CGI request's `Proxy:` header.
        #expect(ProxyEnvironment(environment: ["HTTP_PROXY": "http://p:3128"]).proxy(for: url) == nil)
    }

    @Test func httpsProxyInEitherCaseLowerFirst() {
        #expect(ProxyEnvironment(environment: ["HTTPS_PROXY": "p:8080"]).proxy(for: secureURL) == .init(kind: .http, host: "p", port: 8080))
        #expect(ProxyEnvironment(environment: ["https_proxy": "a:1", "HTTPS_PROXY": "b:2"]).proxy(for: secureURL)?.host == "a")
        #expect(ProxyEnvironment(environment: ["https_proxy": "a:1"]).proxy(for: url) == nil)
    }

    @Test func allProxyIsTheFallbackAndEmptyMeansUnset() {
        let environment = ProxyEnvironment(environment: ["ALL_PROXY": "all:9", "https_proxy": " "])
        #expect(environment.proxy(for: url)?.host == "all")
        #expect(environment.proxy(for: secureURL)?.host == "all")
    }

    @Test func proxyURLForms() {
        #expect(ProxyEnvironment.parse("proxy.example") == .init(kind: .http, host: "proxy.example", port: 1080))
        #expect(ProxyEnvironment.parse("http://u%40x:p%3Aw@proxy:81/") == .init(kind: .http, host: "proxy", port: 81, credentials: .init(username: "u@x", password: "p:w")))
        #expect(ProxyEnvironment.parse("socks5h://s:1081") == .init(kind: .socks5, host: "s", port: 1081))
        #expect(ProxyEnvironment.parse("https://secure-proxy:443") == nil)
        #expect(ProxyEnvironment.parse("http://") == nil)
    }

    @Test func noProxyNamesHostsAndTheirSubdomains() {
        let environment = ProxyEnvironment(environment: ["http_proxy": "p:1", "no_proxy": " .Example.com, localhost,127.0.0.1 ,::1"])
        #expect(environment.bypasses("example.com"))
        #expect(environment.bypasses("api.EXAMPLE.com."))
        #expect(!environment.bypasses("notexample.com"))
        #expect(environment.bypasses("localhost"))
        #expect(environment.bypasses("127.0.0.1"))
        #expect(!environment.bypasses("127.0.0.11"))
        #expect(environment.bypasses("[::1]"))
        #expect(environment.proxy(for: URL(string: "http://127.0.0.1:8080/x")!) == nil)
        #expect(environment.proxy(for: url) != nil)
    }

    @Test func noProxyStarAndUpperCase() {
        #expect(ProxyEnvironment(environment: ["http_proxy": "p:1", "NO_PROXY": "*"]).proxy(for: url) == nil)
        #expect(ProxyEnvironment(environment: ["http_proxy": "p:1", "no_proxy": "other", "NO_PROXY": "*"]).proxy(for: url) != nil)
    }
}

/// Requests through a loopback forward proxy that records what it was asked.
@Suite("The environment's proxy on the wire")
struct ProxyOnTheWireTests {
    /// Plain http goes to the proxy as curl sends it: the whole URL as the request target, the
    /// origin in `Host`, the proxy's credentials in `Proxy-Authorization`; no `CONNECT`, which
    /// proxies set up as squid is by default refuse for port 80.
    @Test func httpProxyGetsTheAbsoluteForm() async throws {
        let proxy = try RawSocketServer(.answer(response: rawResponse(headers: ["X-Via: proxy"], body: Array("[]".utf8))))
        defer { proxy.stop() }
        let environment = ProxyEnvironment(environment: ["http_proxy": "http://u%40x:p%3Aw@127.0.0.1:\(proxy.port)", "no_proxy": "localhost"])
        let base = try #require(URL(string: "http://weather.invalid:8080/accu/"))
        let response = try await withTransport(environment) { try await fetch(base, path: ["top cities", "50"], transport: $0).get() }
        #expect(response.statusCode == 200 && response.body == Data("[]".utf8) && response.header("x-via") == "proxy")
        let heads = proxy.requestHeads
        #expect(heads.count == 1)
        let head = try #require(heads.first)
        #expect(head.hasPrefix("GET http://weather.invalid:8080/accu/top%20cities/50?q=1 HTTP/1.1\r\n"), "\(head)")
        let lower = head.lowercased()
        #expect(lower.contains("\r\nhost: weather.invalid:8080\r\n"))
        #expect(lower.contains("\r\naccept: application/json\r\n"))
        #expect(lower.contains("\r\naccept-encoding: gzip"))
        #expect(head.contains("\r\nProxy-Authorization: Basic \(Data("u@x:p:w".utf8).base64EncodedString())\r\n"))
    }

    /// What comes back through the proxy is read as a direct answer is: gzip, the cap, broken HTTP.
    @Test func httpThroughTheProxyIsReadAsADirectAnswer() async throws {
        let json = Data(#"[{"Key":"1"}]"#.utf8)
        let gzip = try RawSocketServer(.answer(response: rawResponse(headers: ["Content-Encoding: gzip"], body: Array(try Gzip.compress(json)))))
        defer { gzip.stop() }
        let base = try #require(URL(string: "http://weather.invalid/"))
        func through(_ proxy: RawSocketServer, timeout: Double = 60) async throws -> Result<HTTPTransportResponse, ServiceError> {
            try await withTransport(ProxyEnvironment(environment: ["http_proxy": "127.0.0.1:\(proxy.port)"])) { await fetch(base, timeout: timeout, transport: $0) }
        }
        #expect(try await through(gzip).get().body == json)
        let oversize = try RawSocketServer(.answer(response: rawResponse(body: [UInt8](repeating: 0x20, count: HTTPRequester.maxBodyBytes + 1))))
        defer { oversize.stop() }
        #expect(try await through(oversize).failure == .unexpectedResponse(host: "weather.invalid", detail: "body larger than 8 MiB"))
        let cut = try RawSocketServer(.answer(response: Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n[]".utf8)))
        defer { cut.stop() }
        let cutShort = try await through(cut).failure
        #expect(cutShort == .unexpectedResponse(host: "weather.invalid", detail: "body cut short"))
        let redirect = try RawSocketServer(.answer(response: rawResponse(status: "302 Found", headers: ["Location: http://127.0.0.1:99999/"], body: [])))
        defer { redirect.stop() }
        #expect(try await through(redirect).failure == .unexpectedResponse(host: "weather.invalid", detail: "HTTP 302: redirects are not followed"))
        let silent = try RawSocketServer(.neverAnswer)
        defer { silent.stop() }
        let (error, elapsed) = try await seconds { try await through(silent, timeout: 0.5).failure }
        #expect(error == .timedOut(host: "weather.invalid", seconds: 0.5))
        #expect(elapsed >= 0.45, "not before the deadline")
        #expect(await silent.waitForPeerClose(timeout: 120))
        let closed = try RawSocketServer.closedPort()
        let refused = try await withTransport(ProxyEnvironment(environment: ["http_proxy": "127.0.0.1:\(closed)"])) { await fetch(base, transport: $0).failure }
        #expect(refused == .unreachable(host: "weather.invalid"))
    }

    @Test func httpsProxyGetsAConnectTunnel() async throws {
        let proxy = try RawSocketServer(.answer(response: rawResponse(status: "403 Forbidden", body: [])))
        defer { proxy.stop() }
        let environment = ProxyEnvironment(environment: ["HTTPS_PROXY": "127.0.0.1:\(proxy.port)"])
        let base = try #require(URL(string: "https://dataservice.accuweather.com"))
        let error = try await withTransport(environment) { await fetch(base, transport: $0).failure }
        #expect(error == .unreachable(host: "dataservice.accuweather.com"))
        #expect(proxy.requestHeads.first?.hasPrefix("CONNECT dataservice.accuweather.com:443 HTTP/1.1\r\n") == true)
    }

    @Test func noProxyHostsAreReachedDirectly() async throws {
        let proxy = try RawSocketServer(.answer(response: rawResponse(status: "502 Bad Gateway", body: [])))
        defer { proxy.stop() }
        let origin = try RawSocketServer(.answer(response: rawResponse(body: Array("[]".utf8))))
        defer { origin.stop() }
        let environment = ProxyEnvironment(environment: ["http_proxy": "127.0.0.1:\(proxy.port)", "no_proxy": "127.0.0.1"])
        let response = try await withTransport(environment) { try await fetch(origin.baseURL, transport: $0).get() }
        #expect(response.statusCode == 200)
        #expect(origin.requestHeads.first?.hasPrefix("GET /x?q=1 HTTP/1.1\r\n") == true)
        #expect(proxy.requestHeads.isEmpty)
    }
}
