import WeatherCore
import WeatherModels

/// The terminal's title under `--title`: the home place's weather, as a glance at the window list
/// or the tab bar reads it (`☂ 12° Reykjavík`), the temperature in the units shown.
public enum TerminalTitle {
    /// What the title shows of `state`; nil when the title is not the program's to set. Without a
    /// home place, or before its weather is known, the program's name: a title already set is never
    /// left showing weather that is no longer the home's.
    public static func text(of state: State, glyphs: GlyphSet = .unicode) -> String? {
        guard state.showsTitle else { return nil }
        guard let key = state.homeKey, let city = state.feed?.cities.first(where: { $0.key == key }) else { return "weather-tui" }
        var parts = [standIn(WeatherFormat.glyph(icon: city.weatherIcon), glyphs: glyphs)]
        if let degrees = WeatherFormat.temperatureValue(city.temperature, units: state.units) {
            // Whole degrees: a title is read at a glance. Under --ascii the unit's letter stands for °.
            let whole = Int(degrees.rounded())
            parts.append("\(whole)" + (glyphs == .ascii ? (state.units == .metric ? "C" : "F") : "°"))
        }
        parts.append(state.displayName(of: city))
        return parts.joined(separator: " ")
    }

    /// `glyph` as `--ascii` shows it; the window's title font is the desktop's otherwise, not the console's.
    static func standIn(_ glyph: String, glyphs: GlyphSet) -> String {
        guard glyphs == .ascii else { return glyph }
        return String(String.UnicodeScalarView(glyph.unicodeScalars.map { glyphs.standIn(for: $0) ?? $0 }))
    }
}
