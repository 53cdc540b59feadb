import Testing
import WeatherCore
import WeatherModels
@testable import WeatherTUI
import EssentialsSupport

@Suite struct ViewFormatTests {
    /// Every glyph on screen is one column for wcwidth, DisplayWidth and tmux alike (BMP, text presentation).
    @Test func glyphsAreOneColumnEverywhere() {
        for icon in [nil] + (0...45).map(Optional.some) {
            let g = ViewFormat.glyph(icon: icon)
            #expect(g.unicodeScalars.allSatisfy { $0.value < 0x1_0000 }, "icon \(String(describing: icon)): \(g)")
            #expect(DisplayWidth.width(of: g) == 1, "icon \(String(describing: icon)): \(g)")
        }
    }
}
