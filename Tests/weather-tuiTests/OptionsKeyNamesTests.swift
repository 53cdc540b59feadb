import Testing
import WeatherCore
import WeatherTUI
@testable import weather_tui

/// The command line's words that send the user to the browser name its keys as the key table does.
@Suite struct OptionsKeyNamesTests {
    /// The message `args` are refused with.
    static func refusal(_ args: [String]) -> String {
        do {
            _ = try Options.parse(args)
            return ""
        } catch {
            return Options.message(for: error)
        }
    }

    @Test func theBrowsersOptionsNameTheTablesKeys() {
        let city = Self.refusal(["--city", "Oslo"])
        #expect(city.contains("press \(KeyBindings.name(of: .send(.addCity(.start)))) to add a city"), "\(city)")
        let forecast = Self.refusal(["--forecast"])
        #expect(forecast.contains("\(KeyBindings.name(of: .send(.openDetail))) opens a place's forecast"), "\(forecast)")
        let help = Options.helpMessage(columns: 400)
        #expect(help.contains("\(KeyBindings.name(of: .send(.nowcast(.toggleNotify)))) toggles it"), "\(help)")
    }
}
