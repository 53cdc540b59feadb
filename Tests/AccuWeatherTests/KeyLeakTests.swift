import Foundation
import WeatherHTTP
import Testing
import HTTPTestSupport
import FlyingFox
import AccuWeather

/// Every error case, provoked by servers that echo the key back wherever they can: no
/// description a person could read contains the key, raw or percent-encoded.
@Suite struct KeyLeakTests {
    /// Has characters that percent-encoding changes, so both spellings are checked.
    static let key = "SECRET/leak+0123456789"
    static let encodedKey = "SECRET%2Fleak%2B0123456789"

    /// A server answering `status` with a body made from the request target and its
    /// `Authorization` header (which holds the key).
    private func echoError(status: Int, body: @escaping @Sendable (String) -> String, count: Int = 50) async throws -> ServiceError? {
        let server = try await LoopbackServer.start { request in
            let target = request.target.rawValue + " " + (request.headers[HTTPHeader("Authorization")] ?? "")
            return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Echo"), body: Data(body(target).utf8))
        }
        let client = AccuWeatherClient(baseURL: server.baseURL, apiKey: Self.key, timeout: 60)
        let error = await capture { try await client.topCities(count: count, language: "en-us") }
        await server.stop()
        return error
    }

    private static func name(_ error: ServiceError) -> String {
        switch error {
        case .unreachable: "unreachable"
        case .certificateRejected: "certificateRejected"
        case .timedOut: "timedOut"
        case .unauthorized: "unauthorized"
        case .quotaExceeded: "quotaExceeded"
        case .server: "server"
        case .rejected: "rejected"
        case .rateLimited: "rateLimited"
        case .unexpectedResponse: "unexpectedResponse"
        case .cancelled: "cancelled"
        }
    }

    @Test func noErrorDescriptionHoldsTheKey() async throws {
        let key = Self.key
        var errors: [ServiceError?] = []
        errors.append(try await echoError(status: 401) { #"{"Code":"Unauthorized","Message":"Api Authorization failed","Reference":"\#($0)"}"# })
        errors.append(try await echoError(status: 403) { "forbidden \($0) \(key)" })
        errors.append(try await echoError(status: 503) { #"{"Code":"ServiceUnavailable","Message":"limit for \#(key)","Reference":"\#($0)"}"# })
        errors.append(try await echoError(status: 400) { #"{"Code":"\#(key)","Message":"bad \#($0) \#(key) \#(Self.encodedKey)","Reference":"\#($0)"}"# })
        errors.append(try await echoError(status: 500) { "<html>\($0) \(key)</html>" })
        errors.append(try await echoError(status: 200) { "\($0) \(key)" })
        errors.append(try await echoError(status: 200) { #"[{"Key":"\#(key)","\#(key)":"\#($0)""# })
        errors.append(try await echoError(status: 200) { _ in #"[{"Key":"\#(key)","LocalizedName":7}]"# })

        let port = try RawSocketServer.closedPort()
        let closed = AccuWeatherClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), apiKey: key, timeout: 60)
        errors.append(await capture { try await closed.topCities(count: 50, language: "en-us") })

        let silent = try RawSocketServer(.neverAnswer)
        defer { silent.stop() }
        let slow = AccuWeatherClient(baseURL: silent.baseURL, apiKey: key, timeout: 0.3)
        errors.append(await capture { try await slow.dailyForecast(cityKey: key, language: "en-us") })
        let hanging = try RawSocketServer(.neverAnswer)
        defer { hanging.stop() }
        let patient = AccuWeatherClient(baseURL: hanging.baseURL, apiKey: key, timeout: 600)
        let task = Task { await capture { try await patient.topCities(count: 50, language: "en-us") } }
        // Cancelled in flight: once the server has the request, not after a guessed pause.
        #expect(await hanging.waitForRequest(timeout: 120))
        task.cancel()
        errors.append(await task.value)

        let found = errors.compactMap { $0 }
        #expect(found.count == errors.count, "every scenario failed")
        #expect(Set(found.map(Self.name)) == ["unreachable", "timedOut", "unauthorized", "quotaExceeded", "server", "unexpectedResponse", "cancelled"])
        for error in found {
            let texts = [error.errorDescription ?? "", error.localizedDescription, String(describing: error), String(reflecting: error)]
            for text in texts {
                #expect(!text.contains(key), "\(text)")
                #expect(!text.contains(Self.encodedKey), "\(text)")
                #expect(!text.contains("SECRET"), "\(text)")
            }
        }
    }
}
