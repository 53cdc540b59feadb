#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import TerminalKit
import WeatherCore
import WeatherModels

/// The detail's rain in the next two hours, for a kept place: when rain comes and goes on the
/// place's clock, a bar of the next eight quarter hours, and whether Open-Meteo's 15-minute data
/// is native there or interpolated from hourly data. Nothing for a place not kept.
extension DetailView {
    /// What the rain section shows of the selected city.
    public struct RainSection {
        /// `Rain from 14:30 (light) until about 15:15`, `No rain in the next 2 hours`.
        public var line: String?
        /// The next eight quarters' millimetres (nil: not known).
        public var quarters: [Double?] = []
        public var native = false
        public var isLoading = false
        public var error: String?
        /// Whether the place is kept (only kept places have a nowcast).
        public var kept = false

        public init(line: String? = nil, quarters: [Double?] = [], native: Bool = false, isLoading: Bool = false, error: String? = nil,
                    kept: Bool = false) {
            self.line = line
            self.quarters = quarters
            self.native = native
            self.isLoading = isLoading
            self.error = error
            self.kept = kept
        }

        /// What of `state` the section shows for `city`.
        public init(_ state: State, city: CityWeather?) {
            guard let city, state.keptPlaceKeys.contains(city.key) else { return }
            kept = true
            line = state.rainLine(for: city)
            if let nowcast = state.nowcast(for: city.key) {
                quarters = nowcast.quarters(after: state.now).prefix(DetailView.rainBarQuarters).map(\.precipitation)
                native = nowcast.native
            }
            isLoading = state.nowcast.inFlight
            error = state.nowcast.error
        }
    }

    /// Quarter hours the bar shows: the next two hours.
    static let rainBarQuarters = 8
    /// The bar's heights, dry to a heavy quarter (2 mm, 8 mm/h, and more).
    static let rainBarGlyphs: [Character] = ["·", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let rainBarFull = 2.0

    static func rainLines(_ section: RainSection, in words: Language = .english) -> [Line] {
        guard section.kept else { return [] }
        guard let line = section.line else {
            if section.isLoading { return [Line(text: words.text("rain.loading"), style: .dimmed)] }
            if let error = section.error { return [Line(text: words.text("rain.error", ("error", error)), style: .dimmed)] }
            return []
        }
        let bar = String(section.quarters.map { value -> Character in
            guard let value else { return " " }
            guard value >= Nowcast.wetFrom else { return rainBarGlyphs[0] }
            let step = Int((min(value, rainBarFull) / rainBarFull * Double(rainBarGlyphs.count - 2)).rounded(.up))
            return rainBarGlyphs[max(1, min(step, rainBarGlyphs.count - 1))]
        })
        let kind = words.text(section.native ? "rain.native" : "rain.interpolated")
        return [Line(text: line, style: Style(bold: true)), Line(text: words.text("rain.bar", ("bar", bar), ("kind", kind)), style: .dimmed)]
    }
}
