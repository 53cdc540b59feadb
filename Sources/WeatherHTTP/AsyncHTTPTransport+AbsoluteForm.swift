#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix

extension AsyncHTTPTransport {
    /// A plain-`http` request through an HTTP proxy, as curl sends it: to the proxy, with the
    /// whole URL as the request target (absolute form, RFC 9112 §3.2.2) and the origin in `Host`.
    /// AsyncHTTPClient tunnels every proxied request through `CONNECT`, which proxies set up as
    /// squid is by default refuse for any port but 443. One connection per request, closed after
    /// it; the caller's race enforces the whole deadline, and the body cap, decompression and
    /// errors are the library path's.
    static func exchangeThroughProxy(
        _ request: HTTPTransportRequest, proxy: ProxyEnvironment.Proxy, timeout: Double
    ) async throws -> HTTPTransportResponse {
        let limit = request.maxBodyBytes
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.nanoseconds(Int64(timeout * 1_000_000_000)))
            .connect(host: proxy.host, port: proxy.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(NIOHTTPResponseDecompressor(limit: .size(limit)))
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            // Head and end in one write: a server that answers at the head and closes would
            // otherwise close the channel before a second write, which then fails ("cannot
            // reach") though its answer came.
            try await outbound.write(contentsOf: [.head(head(of: request, proxy: proxy)), .end(nil)])
            var response: HTTPResponseHead?
            var body = Data()
            do {
                for try await part in inbound {
                    switch part {
                    case .head(let head) where head.status.code < 200:
                        continue  // informational: the answer follows
                    case .head(let head):
                        try refuseAnnouncedOversize(head.headers, maxBodyBytes: limit)
                        response = head
                    case .body(let buffer):
                        try append(buffer, to: &body, maxBodyBytes: limit)
                    case .end:
                        guard let response else { throw HTTPTransportError.brokenResponse(detail: "answer cut short") }
                        return HTTPTransportResponse(statusCode: Int(response.status.code), headers: fields(response.headers), body: body)
                    }
                }
            } catch {
                // Once the head has come, a failure is the body's, as on the library's path.
                throw response == nil ? error : bodyError(for: error)
            }
            throw HTTPTransportError.brokenResponse(detail: response == nil ? "connection closed without an answer" : "body cut short")
        }
    }

    /// The request head for the proxy: the absolute URL as target, the origin in `Host`, gzip
    /// asked for (as the library asks), the proxy's credentials, no keep-alive.
    static func head(of request: HTTPTransportRequest, proxy: ProxyEnvironment.Proxy) -> HTTPRequestHead {
        var headers = HTTPHeaders()
        let url = request.url
        if let host = url.host {
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            headers.add(name: "Host", value: url.port.map { "\(bracketed):\($0)" } ?? bracketed)
        }
        headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        headers.add(name: "Connection", value: "close")
        if let credentials = proxy.credentials {
            let token = Data("\(credentials.username):\(credentials.password)".utf8).base64EncodedString()
            headers.add(name: "Proxy-Authorization", value: "Basic \(token)")
        }
        for field in request.headers { headers.replaceOrAdd(name: field.name, value: field.value) }
        var target = url
        if let components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.fragment != nil {
            var withoutFragment = components
            withoutFragment.fragment = nil
            target = withoutFragment.url ?? url
        }
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: target.absoluteString, headers: headers)
    }
}
