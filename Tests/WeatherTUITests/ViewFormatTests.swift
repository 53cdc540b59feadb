import Testing
import WeatherCore
import WeatherModels
@testable import WeatherTUI

@Suite struct ViewFormatTests {
    /// The list's fast temperature text must read exactly as the core formatter's.
    @Test func listTemperatureMatchesTheCoreFormatter() {
        var values: [Double] = [0, -0.04, 0.04, 7.2, -12.5, 20, 13.4, -2.8, 99.9, -40, 104, 45.5, 44.5, 0.5, -0.5]
        for tenth in -400...500 { values.append(Double(tenth) / 10) }
        for units in TemperatureUnit.allCases {
            for v in values {
                let value = units == .metric
                    ? MetricImperial(metric: UnitValue(value: v, unit: "C"), imperial: nil)
                    : MetricImperial(metric: nil, imperial: UnitValue(value: v, unit: "F"))
                #expect(ViewFormat.listTemperature(value, units) == WeatherFormat.temperature(value, units: units), "\(v) \(units)")
            }
        }
        #expect(ViewFormat.listTemperature(nil, .metric) == WeatherFormat.temperature(nil, units: .metric))
    }

    /// Every glyph on screen is one column for wcwidth, DisplayWidth and tmux alike (BMP, text presentation).
    @Test func glyphsAreOneColumnEverywhere() {
        for icon in [nil] + (0...45).map(Optional.some) {
            let g = ViewFormat.glyph(icon: icon)
            #expect(g.unicodeScalars.allSatisfy { $0.value < 0x1_0000 }, "icon \(String(describing: icon)): \(g)")
            #expect(DisplayWidth.width(of: g) == 1, "icon \(String(describing: icon)): \(g)")
        }
    }
}
