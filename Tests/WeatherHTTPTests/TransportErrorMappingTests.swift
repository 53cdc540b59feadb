import AsyncHTTPClient
import Foundation
import HTTPTestSupport
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL
import Testing
@testable import WeatherHTTP

/// A transport that fails at once with a given error, for failures a loopback server cannot make.
private struct FailingTransport: HTTPTransport {
    let error: any Error & Sendable

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        throw error
    }
}

/// What the library's errors become, and what the transport's errors become for a person.
@Suite struct TransportErrorMappingTests {
    @Test func libraryErrorsAsTransportErrors() {
        let cases: [(any Error, HTTPTransportError)] = [
            (HTTPClientError.deadlineExceeded, .timedOut),
            (HTTPClientError.connectTimeout, .timedOut),
            (HTTPClientError.readTimeout, .timedOut),
            (HTTPClientError.tlsHandshakeTimeout, .timedOut),
            (HTTPClientError.httpProxyHandshakeTimeout, .timedOut),
            (ChannelError.connectTimeout(.seconds(1)), .timedOut),
            (HTTPClientError.cancelled, .cancelled),
            (CancellationError(), .cancelled),
            (HTTPClientError.remoteConnectionClosed, .brokenResponse(detail: "connection closed without an answer")),
            (HTTPClientError.redirectLimitReached, .brokenResponse(detail: "redirect loop")),
            (HTTPClientError.redirectCycleDetected, .brokenResponse(detail: "redirect loop")),
            (HTTPParserError.invalidChunkSize, .brokenResponse(detail: "malformed chunked body")),
            (HTTPParserError.invalidStatus, .brokenResponse(detail: "malformed HTTP status line")),
            (NIOHTTPDecompression.DecompressionError.inflationError(-3), .brokenResponse(detail: "body is not valid gzip")),
            (NIOHTTPDecompression.ExtraDecompressionError.truncatedData, .brokenResponse(detail: "gzip body cut short")),
            (HTTPClientError.invalidProxyResponse, .unreachable),
            (IOError(errnoCode: ECONNREFUSED, reason: "connect"), .unreachable),
            (NIOHTTPDecompression.DecompressionError.limit, .bodyTooLarge(limit: HTTPRequester.maxBodyBytes)),
            (NIOSSLExtraError.failedToValidateHostname, .certificateRejected(detail: "is for another host")),
            (HTTPTransportError.bodyTooLarge(limit: 3), .bodyTooLarge(limit: 3)),
        ]
        for (error, expected) in cases {
            #expect(AsyncHTTPTransport.transportError(for: error) == expected, "\(error)")
        }
    }

    private func serviceError(for error: any Error & Sendable) async -> ServiceError? {
        let base = URL(string: "https://dataservice.accuweather.com")!
        return await fetch(base, transport: FailingTransport(error: error)).failure
    }

    @Test func transportErrorsInWords() async {
        let host = "dataservice.accuweather.com"
        #expect(await serviceError(for: HTTPTransportError.unreachable) == .unreachable(host: host))
        #expect(await serviceError(for: HTTPTransportError.timedOut) == .timedOut(host: host, seconds: 60))
        #expect(await serviceError(for: HTTPTransportError.cancelled) == .cancelled)
        #expect(await serviceError(for: HTTPTransportError.brokenResponse(detail: "body cut short")) == .unexpectedResponse(host: host, detail: "body cut short"))
        #expect(await serviceError(for: HTTPTransportError.bodyTooLarge(limit: HTTPRequester.maxBodyBytes)) == .unexpectedResponse(host: host, detail: "body larger than 8 MiB"))
        #expect(await serviceError(for: HTTPTransportError.certificateRejected(detail: "not trusted")) == .certificateRejected(host: host, detail: "not trusted"))
        #expect(await serviceError(for: CancellationError()) == .cancelled)
        // Anything else a transport throws still reads as "cannot reach".
        #expect(await serviceError(for: CocoaError(.fileNoSuchFile)) == .unreachable(host: host))
    }

    @Test func certificateLine() {
        #expect(ServiceError.certificateRejected(host: "h", detail: "not trusted").errorDescription == "offline: cannot reach h: certificate not trusted")
    }
}
