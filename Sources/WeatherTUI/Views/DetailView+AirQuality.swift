#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import TerminalKit
import WeatherCore
import WeatherModels

/// The detail's air section: the index in its category's words and colour, the pollutants behind
/// it, pollen where it is given, and whose data it is (with its age when it was fetched apart
/// from the weather). Nothing when no air was ever fetched for the city and none is on its way.
extension DetailView {
    /// What the air section shows of the selected city.
    public struct AirSection {
        public var air: AirQuality?
        public var scale: AirQualityScale = .european
        public var isLoading = false
        /// Why the air could not be fetched.
        public var error: String?
        /// When the air was fetched, if that is well apart from the weather's fetch.
        public var fetchedApart: Date?

        public init(air: AirQuality? = nil, scale: AirQualityScale = .european, isLoading: Bool = false, error: String? = nil,
                    fetchedApart: Date? = nil) {
            self.air = air
            self.scale = scale
            self.isLoading = isLoading
            self.error = error
            self.fetchedApart = fetchedApart
        }

        /// What of `state` the section shows for `city`.
        public init(_ state: State, city: CityWeather?) {
            self.init(air: city.flatMap { state.air(for: $0.key) }, scale: state.airQualityScale, isLoading: state.air.inFlight,
                      error: state.air.error, fetchedApart: state.airQualityFetchedApart)
        }
    }

    static func airQualityLines(_ section: AirSection, now: Date, in language: Language = .english) -> [Line] {
        guard let air = section.air else {
            if section.isLoading { return [Line(text: language.text("air.loading"), style: .dimmed)] }
            if let error = section.error { return [Line(text: language.text("air.error", ("error", error)), style: .dimmed)] }
            return []
        }
        let scale = section.scale
        var out: [Line] = []
        if let index = air.index(on: scale), let category = scale.category(index) {
            let words = language.text("air.line", ("index", String(index)), ("category", WeatherFormat.name(of: category, in: language)),
                                      ("scale", WeatherFormat.name(of: scale, in: language)))
            out.append(Line(text: words, style: Style(bold: true, role: .air(category, on: scale))))
        }
        let pollutants = [("PM2.5", air.pm2_5), ("PM10", air.pm10), ("O₃", air.ozone), ("NO₂", air.nitrogenDioxide)]
            .compactMap { name, value in value.map { "\(name) \(language.decimal(amount($0)))" } }
        if !pollutants.isEmpty { out.append(Line(text: pollutants.joined(separator: " · ") + " µg/m³")) }
        let pollen = [("alder", air.alderPollen), ("birch", air.birchPollen), ("grass", air.grassPollen), ("ragweed", air.ragweedPollen)]
            .compactMap { name, value in value.map { "\(language.text("pollen.\(name)")) \(language.decimal(amount($0)))" } }
        if !pollen.isEmpty { out.append(Line(text: language.text("air.pollen") + " " + pollen.joined(separator: " · ") + " grains/m³")) }
        guard !out.isEmpty else { return [] }
        var source = AirQuality.attribution
        if let fetched = section.fetchedApart {
            source += ", " + language.text("air.fetched", ("age", WeatherFormat.age(of: fetched, now: now, in: language)))
        }
        out.append(Line(text: source, style: .dimmed))
        return out
    }

    /// A concentration as the sources give it: whole from 10 up, else to one decimal.
    static func amount(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : value.fixed(1)
    }
}
