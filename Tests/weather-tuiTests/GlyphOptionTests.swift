import Testing
import WeatherTUI
@testable import weather_tui

/// `--ascii` and the Linux console (`TERM=linux`) choose the screen's glyphs (docs/spec.md §5
/// "Without braille"), read by both readings of the command line alike.
@Suite struct GlyphOptionTests {
    func glyphs(_ args: [String], term: String?) throws -> GlyphSet {
        var environment = ["HOME": "/home/u"]
        environment["TERM"] = term
        let byParser = try LaunchConfiguration.resolve(try Options.parse(args), environment: environment).glyphs
        let plain = try #require(Options.parsePlain(args))
        #expect(try LaunchConfiguration.resolve(plain, environment: environment).glyphs == byParser, "\(args)")
        return byParser
    }

    @Test func asciiIsAskedForOrTheConsoleIsRecognised() throws {
        #expect(try glyphs(["--ascii"], term: "xterm-256color") == .ascii)
        #expect(try glyphs(["--ascii", "--demo"], term: "linux") == .ascii)
        #expect(try glyphs([], term: "linux") == .console)
        #expect(try glyphs(["--demo"], term: "xterm-256color") == .unicode)
        #expect(try glyphs([], term: nil) == .unicode)
    }
}
