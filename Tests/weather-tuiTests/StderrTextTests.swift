import Foundation
import HTTPTestSupport
import Testing

/// Every line on stderr holds text from outside only as a terminal may show it (`TerminalText`):
/// a place's country code from a search, a settings file's own bytes, an argument echoed back.
@Suite struct StderrTextTests {
    /// What a terminal acts on instead of showing: C0 but newline and tab, DEL, C1, bidi overrides.
    static func holdsRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    static let hostile = "\u{1B}]2;pwned\u{07}\u{1B}[41m\u{202E}\u{0}"

    @Test func theBestOfSeveralPlacesNoticeShowsTheCountryCodeInert() async throws {
        let answer = """
            {"results": [
              {"id": 1, "name": "Paris", "latitude": 48.85, "longitude": 2.35, "country_code": "\\u001b]2;pwned\\u0007\\u001b[41m\\u202e\\u0000", "country": "France", "timezone": "Europe/Paris"},
              {"id": 2, "name": "Paris", "latitude": 33.66, "longitude": -95.56, "country_code": "US", "country": "United States", "timezone": "America/Chicago"}
            ]}
            """
        let server = try await LoopbackServer.start(status: 200, body: Data(answer.utf8))
        defer { Task { await server.stop() } }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let base = server.baseURL.absoluteString
        let r = try ExitStatusTests().run(
            ["--once", "--source", "open-meteo", "--city", "Paris", "--timeout", "60",
             "--cache-dir", root.appendingPathComponent("cache").path, "--config-dir", root.appendingPathComponent("config").path],
            env: ["OPEN_METEO_BASE_URL": base, "OPEN_METEO_GEOCODING_URL": base])
        #expect(r.err.contains("the best of 2 places"), "\(r.err)")
        #expect(r.err.contains("(\u{FFFD}]2;pwned\u{FFFD}\u{FFFD}[41m\u{FFFD}\u{FFFD})"), "\(r.err)")
        #expect(!Self.holdsRawControls(r.err + r.out), "\(r.err)")
    }

    @Test func aSettingsFileEncodingNameIsEchoedInert() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let config = root.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let settings = "<?xml version=\"1.0\" encoding=\"\(Self.hostile)\"?>\n<plist version=\"1.0\"><dict/></plist>\n"
        try Data(settings.utf8).write(to: config.appendingPathComponent("settings.plist"))
        let r = try ExitStatusTests().run(["--once", "--offline", "--config-dir", config.path, "--cache-dir", root.appendingPathComponent("cache").path])
        #expect(r.err.contains("settings.plist not used"), "\(r.err)")
        #expect(r.err.contains("\u{FFFD}]2;pwned"), "\(r.err)")
        #expect(!Self.holdsRawControls(r.err), "\(r.err)")
    }

    @Test func anOptionValueEchoedInAUsageErrorIsInert() throws {
        let r = try ExitStatusTests().run(["--units", "kel\(Self.hostile)vin"])
        #expect(r.status == 2)
        #expect(r.err.contains("kel\u{FFFD}]2;pwned"), "\(r.err)")
        #expect(!Self.holdsRawControls(r.err), "\(r.err)")
    }
}
