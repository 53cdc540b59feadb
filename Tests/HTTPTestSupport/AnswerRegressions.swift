import Foundation
import WeatherHTTP

/// Answers every request with a 200 and a fixed body, at once: how Fuzz/FuzzAnswers.swift hands
/// its inputs to the clients, and how the suite replays the inputs it kept.
public struct FixedBodyTransport: HTTPTransport {
    public let body: Data

    public init(body: Data) {
        self.body = body
    }

    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        HTTPTransportResponse(statusCode: 200, headers: ["RateLimit-Remaining": "7"], body: body)
    }
}

/// The inputs scripts/fuzz kept (or a hand made) in `Tests/Fixtures/fuzz-answer-regressions/`,
/// named `<target>-<kind>-<hash>`: each once crashed, hung or leaked in an answer's decoder.
public enum AnswerRegressions {
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-answer-regressions")

    /// The kept inputs whose target name starts with `prefix` (`aw-`, `om-`), by target and file name.
    public static func inputs(prefix: String) throws -> [(target: String, name: String, body: Data)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.sorted()
        return try names.map { name in
            let parts = name.split(separator: "-")
            let target = parts.prefix(2).joined(separator: "-")
            return (target, name, try Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }
}
