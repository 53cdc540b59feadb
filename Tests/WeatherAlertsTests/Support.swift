import Foundation
import WeatherHTTP

/// The transport the client tests send real requests through (the app's live one).
let liveTransport: any HTTPTransport = AsyncHTTPTransport.shared

/// A transport for the decoders' tests, which send nothing.
struct NoTransport: HTTPTransport {
    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        throw HTTPTransportError.unreachable
    }
}

/// The requester the decoders name their host by.
let decodingRequester = HTTPRequester(baseURL: URL(string: "http://alerts.test")!, timeout: 5, transport: NoTransport())

/// Payloads in Tests/Fixtures/alerts, each in its source's documented shape.
enum Fixture {
    /// The repository's root, found from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func alerts(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/alerts/\(name)"))
    }

    /// A JSON fixture with `edit` applied to its parsed value.
    static func edited(_ name: String, _ edit: (inout [String: Any]) -> Void) throws -> Data {
        var value = try JSONSerialization.jsonObject(with: alerts(name)) as? [String: Any] ?? [:]
        edit(&value)
        return try JSONSerialization.data(withJSONObject: value)
    }

    /// `name` with the `index`th element of its `list` edited.
    static func editedElement(_ name: String, list: String, index: Int, _ edit: (inout [String: Any]) -> Void) throws -> Data {
        try edited(name) { json in
            guard var elements = json[list] as? [[String: Any]], elements.indices.contains(index) else { return }
            edit(&elements[index])
            json[list] = elements
        }
    }
}

/// An instant from an ISO 8601 text in a test's own words.
func date(_ text: String) -> Date {
    ISO8601DateFormatter().date(from: text) ?? .distantPast
}
