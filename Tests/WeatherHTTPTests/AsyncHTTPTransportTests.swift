import Foundation
import HTTPTestSupport
import Testing
import WeatherHTTP

/// The live transport against loopback servers that answer, misbehave or never answer.
@Suite("AsyncHTTPTransport against loopback servers")
struct AsyncHTTPTransportTests {
    @Test func answersWithStatusHeadersAndBodyAndSendsTheRequestHeaders() async throws {
        let server = try RawSocketServer(.answer(response: rawResponse(status: "404 Not Found", headers: ["X-Thing: a"], body: Array("no".utf8))))
        defer { server.stop() }
        let response = try await withTransport { try await fetch(server.baseURL, path: ["a b", "c"], transport: $0).get() }
        #expect(response.statusCode == 404)
        #expect(response.header("x-thing") == "a")
        #expect(response.body == Data("no".utf8))
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(head.hasPrefix("get /a%20b/c?q=1 http/1.1\r\n"))
        #expect(head.contains("\r\naccept: application/json\r\n"))
    }

    /// A server that went away after an answer that offered to keep its connection is unreachable
    /// at the first request after, not a broken answer (#41 item 16): each request has a
    /// connection of its own, so none is sent on one the server closed, and none is asked twice.
    @Test func aServerGoneAfterAKeptAliveAnswerIsUnreachableAtOnce() async throws {
        let kept = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}".utf8)
        let server = try RawSocketServer(.answerThenVanish(response: kept))
        defer { server.stop() }
        let (first, second) = try await withTransport { transport in
            let first = await fetch(server.baseURL, transport: transport, port: server.port)
            // Gone: the listener is closed (a kept connection would still reach the old one).
            server.stop()
            return (first, await fetch(server.baseURL, transport: transport, port: server.port))
        }
        #expect(try first.get().statusCode == 200)
        #expect(server.requestHeads.filter { !$0.isEmpty }.count == 1, "the second request went on no kept connection")
        #expect(second.failure == .unreachable(host: "127.0.0.1:PORT"))
    }

    @Test func gzipIsAskedForAndDecompressed() async throws {
        let json = Data(#"[{"Key":"28143","LocalizedName":"Dhaka"}]"#.utf8)
        let compressed = try Gzip.compress(json)
        let server = try RawSocketServer(.answer(response: rawResponse(headers: ["Content-Encoding: gzip"], body: Array(compressed))))
        defer { server.stop() }
        let response = try await withTransport { try await fetch(server.baseURL, transport: $0).get() }
        #expect(response.body == json)
        let head = try #require(server.requestHeads.first).lowercased()
        let acceptEncoding = head.split(separator: "\r\n").first { $0.hasPrefix("accept-encoding:") }
        #expect(acceptEncoding?.contains("gzip") == true)
    }

    @Test func gzipBombIsRefusedAtTheCap() async throws {
        let bomb = try Gzip.compress(Data(count: 64 << 20))
        #expect(bomb.count < 1 << 20)
        let server = try RawSocketServer(.answer(response: rawResponse(headers: ["Content-Encoding: gzip"], body: Array(bomb))))
        defer { server.stop() }
        let error = try await withTransport { await fetch(server.baseURL, transport: $0, port: server.port).failure }
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "body larger than 8 MiB"))
    }

    @Test func announcedOversizeIsRefused() async throws {
        let body = [UInt8](repeating: UInt8(ascii: " "), count: HTTPRequester.maxBodyBytes + 1)
        let server = try RawSocketServer(.answer(response: rawResponse(body: body)))
        defer { server.stop() }
        let error = try await withTransport { await fetch(server.baseURL, transport: $0, port: server.port).failure }
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "body larger than 8 MiB"))
    }

    @Test func endlessBodyStopsAtTheCapAndTheConnectionIsClosed() async throws {
        let server = try RawSocketServer(.stream(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n", filler: UInt8(ascii: " "), total: .max))
        defer { server.stop() }
        // The cap, not the deadline (which would say "timed out"), ends it.
        let error = try await withTransport { await fetch(server.baseURL, timeout: 600, transport: $0, port: server.port).failure }
        #expect(error == .unexpectedResponse(host: "127.0.0.1:PORT", detail: "body larger than 8 MiB"))
        // The server's next write fails: the client closed the connection instead of draining it.
        #expect(await server.waitForPeerClose(timeout: 120))
        #expect(server.bytesSent > HTTPRequester.maxBodyBytes)
    }

    @Test func serverThatNeverAnswersTimesOutAtTheDeadline() async throws {
        let server = try RawSocketServer(.neverAnswer)
        defer { server.stop() }
        let (error, elapsed) = try await seconds {
            try await withTransport { await fetch(server.baseURL, timeout: 0.5, transport: $0, port: server.port).failure }
        }
        #expect(error == .timedOut(host: "127.0.0.1:PORT", seconds: 0.5))
        #expect(elapsed >= 0.45, "not before the deadline")
        #expect(await server.waitForPeerClose(timeout: 120))
    }

    @Test func serverDrippingTheBodyPastTheDeadlineTimesOut() async throws {
        let server = try RawSocketServer(.drip(head: "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n", interval: 0.1))
        defer { server.stop() }
        let (error, elapsed) = try await seconds {
            try await withTransport { await fetch(server.baseURL, timeout: 0.5, transport: $0, port: server.port).failure }
        }
        #expect(error == .timedOut(host: "127.0.0.1:PORT", seconds: 0.5))
        #expect(elapsed >= 0.45, "not before the deadline")
        #expect(server.bytesSent >= 1)
        #expect(await server.waitForPeerClose(timeout: 120))
    }

    @Test func closedPortIsUnreachableAtOnce() async throws {
        let port = try RawSocketServer.closedPort()
        let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
        // Refused, not timed out: it did not wait for the deadline.
        let error = try await withTransport { await fetch(base, timeout: 600, transport: $0, port: port).failure }
        #expect(error == .unreachable(host: "127.0.0.1:PORT"))
    }

    @Test func cancellingTheTaskReturnsAtOnceAndClosesTheConnection() async throws {
        let server = try RawSocketServer(.neverAnswer)
        defer { server.stop() }
        try await withTransport { transport in
            // The deadline is far: an answer "cancelled" means the cancellation ended it.
            let task = Task { await fetch(server.baseURL, timeout: 600, transport: transport).failure }
            // Cancelled in flight: a request still waiting for its connection leaves nothing to close.
            #expect(await server.waitForRequest(timeout: 120))
            task.cancel()
            #expect(await task.value == .cancelled)
            #expect(await server.waitForPeerClose(timeout: 120))
        }
    }

    @Test func selfSignedCertificateIsOneClearLine() async throws {
        guard let server = try TLSTestServer.start() else {
            Issue.record("openssl is not installed: the certificate test cannot run")
            return
        }
        defer { server.stop() }
        let error = try await withTransport { await fetch(server.baseURL, transport: $0, port: server.port).failure }
        let host = "127.0.0.1:\(server.port)"
        #expect(error == .certificateRejected(host: host, detail: "not trusted"))
        #expect(error?.errorDescription == "offline: cannot reach \(host): certificate not trusted")
    }
}
