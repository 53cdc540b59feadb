import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP

/// Servers that answer, but not as an API does: a redirect anywhere, HTTP a client cannot read.
/// Each is an unexpected response in words (docs/spec.md §4), never "offline" and never a trap.
@Suite("Redirects and broken HTTP against loopback servers")
struct BrokenResponseTests {
    /// `Location`s that do not fit a port (the library's address type traps on them when it
    /// follows), that are not URLs at all, and one back to the same server (a loop when followed).
    static let locations = [
        "http://127.0.0.1:99999/", "http://127.0.0.1:65536/", "http://127.0.0.1:70000/x", "http://127.0.0.1:4294967297/",
        "https://127.0.0.1:99999/", "http://[::1]:99999/", "//127.0.0.1:99999/", "not a URL at all", "http://", "", "/x?q=1",
    ]

    @Test(arguments: locations)
    func aRedirectIsNotFollowedWhateverItsLocation(_ location: String) async throws {
        let server = try RawSocketServer(.answer(response: rawResponse(status: "302 Found", headers: ["Location: \(location)"], body: [])))
        defer { server.stop() }
        let error = try await withTransport { await fetch(server.baseURL, transport: $0, port: server.port).failure }
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 302: redirects are not followed"))
        #expect(error?.errorDescription == "unexpected response from 127.0.0.1:PORT (HTTP 302: redirects are not followed)")
        #expect(server.requestHeads.count == 1)
    }

    /// A URL naming a port past 65535 (a base URL given by hand) is unreachable, never a trap.
    @Test(arguments: ["http://127.0.0.1:65536/", "http://127.0.0.1:99999/", "https://127.0.0.1:4294967297/"])
    func aPortPast65535IsUnreachable(_ text: String) async throws {
        let url = try #require(URL(string: text))
        let error = try await withTransport { await fetch(url, transport: $0).failure }
        #expect(error == .unreachable(host: "127.0.0.1:\(url.port ?? 0)"))
    }

    /// The transport itself hands a redirect back as it came, `Location` untouched.
    @Test(arguments: [301, 302, 303, 307, 308])
    func theTransportReturnsARedirectAsItCame(_ status: Int) async throws {
        let server = try RawSocketServer(.answer(response: rawResponse(status: "\(status) Moved", headers: ["Location: http://127.0.0.1:99999/"], body: [])))
        defer { server.stop() }
        let response = try await withTransport { transport in
            try await transport.send(HTTPTransportRequest(url: server.baseURL.appendingPathComponent("x"), timeout: 60, maxBodyBytes: 1 << 20))
        }
        #expect(response.statusCode == status)
        #expect(response.header("location") == "http://127.0.0.1:99999/")
        #expect(server.requestHeads.count == 1)
    }

    /// A redirect to the same server, as a loop would: asked once, not followed.
    @Test func aRedirectToItselfIsAskedOnce() async throws {
        let server = try RawSocketServer(.answer(response: rawResponse(status: "307 Again", headers: ["Location: /x?q=1"], body: [])))
        defer { server.stop() }
        let error = try await withTransport { await fetch(server.baseURL, transport: $0, port: server.port).failure }
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "HTTP 307: redirects are not followed"))
        #expect(server.requestHeads.count == 1)
    }

    static let json = Array(#"[{"Key":"28143","LocalizedName":"Dhaka"}]"#.utf8)

    /// An answer as exact bytes, and what the user reads of it.
    struct Broken: Sendable, CustomStringConvertible {
        let description: String
        let bytes: [UInt8]
        let detail: String
    }

    static func head(_ lines: String...) -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    static let broken: [Broken] = {
        let gzip = (try? Array(Gzip.compress(Data(json)))) ?? []
        // The CRC of the trailer wrong; a gzip header followed by what no deflate stream starts with.
        var corrupt = gzip
        if corrupt.count > 8 { corrupt[corrupt.count - 8] ^= 0xFF }
        let garbage: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03] + [UInt8](repeating: 0xFF, count: 32)
        let truncated = Array(gzip.prefix(gzip.count / 2))
        return [
            Broken(description: "corrupt gzip", bytes: rawResponse(headers: ["Content-Encoding: gzip"], body: corrupt), detail: "body is not valid gzip"),
            Broken(description: "gzip header, then garbage", bytes: rawResponse(headers: ["Content-Encoding: gzip"], body: garbage), detail: "body is not valid gzip"),
            Broken(description: "truncated gzip", bytes: rawResponse(headers: ["Content-Encoding: gzip"], body: truncated), detail: "gzip body cut short"),
            Broken(description: "gzip said of a plain body", bytes: rawResponse(headers: ["Content-Encoding: gzip"], body: json), detail: "body is not valid gzip"),
            Broken(description: "bad chunk size",
                   bytes: head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked", "Connection: close") + Array("zz\r\n{}\r\n0\r\n\r\n".utf8),
                   detail: "malformed chunked body"),
            Broken(description: "chunked body cut short",
                   bytes: head("HTTP/1.1 200 OK", "Transfer-Encoding: chunked", "Connection: close") + Array("40\r\n[{}".utf8),
                   detail: "body cut short"),
            Broken(description: "Content-Length longer than the body",
                   bytes: head("HTTP/1.1 200 OK", "Content-Length: 100", "Connection: close") + json, detail: "body cut short"),
            Broken(description: "Content-Length not a number",
                   bytes: head("HTTP/1.1 200 OK", "Content-Length: ten", "Connection: close") + json, detail: "malformed Content-Length"),
            Broken(description: "status line not HTTP", bytes: head("SSH-2.0-OpenSSH_9.6") + json, detail: "malformed HTTP status line"),
            Broken(description: "status not a number", bytes: head("HTTP/1.1 abc OK", "Content-Length: 0"), detail: "malformed HTTP status line"),
            Broken(description: "header without a colon", bytes: head("HTTP/1.1 200 OK", "Content-Length 0"), detail: "malformed HTTP header"),
            Broken(description: "closed without a word", bytes: [], detail: "connection closed without an answer"),
            Broken(description: "half a status line", bytes: Array("HTTP/1.1 20".utf8), detail: "answer cut short"),
            Broken(description: "a redirect whose Location holds controls",
                   bytes: rawResponse(status: "302 Found", headers: ["Location: garbage \u{1B}]2;x\u{07}"], body: []), detail: "malformed HTTP header"),
        ]
    }()

    @Test(arguments: broken)
    func brokenHTTPIsAnUnexpectedResponseInWords(_ case_: Broken) async throws {
        let server = try RawSocketServer(.answer(response: case_.bytes))
        defer { server.stop() }
        let error = try await withTransport { await fetch(server.baseURL, transport: $0, port: server.port).failure }
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: case_.detail))
        #expect(error?.errorDescription?.hasPrefix("offline") == false)
        #expect(error?.failsEveryRequest == false)
    }
}
