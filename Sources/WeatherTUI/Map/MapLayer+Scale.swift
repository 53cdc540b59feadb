import EssentialsSupport
import WeatherCore
import WeatherModels

/// How the map draws each layer (docs/spec.md §5): the class of a place's measure on the layer's
/// scale, each class's colour and, without colour, its glyph, the legend's words, and the selected
/// place's reading. The layers differ only here: `MapView` draws any of them alike.
extension MapLayer {
    /// What the layers read besides the place itself: the units chosen, and the air.
    struct Measures {
        var units: TemperatureUnit
        /// A place's air, by its key (`State.air(for:)`).
        var air: (String) -> AirQuality?
        /// The air-quality index shown.
        var airScale: AirQualityScale
        /// The language of the legend and the reading.
        var language: Language = .english
        /// Each place's class on the alerts layer, by key (`alertGrade`); a place not here has
        /// alerts not known.
        var alertGrades: [String: Int] = [:]
        /// The legend says `>=` and `<=` for `≥` and `≤`: the font lacks them (`--ascii`, the
        /// Linux console), and a one-column stand-in (`>`) would change what a bound means.
        var plainComparisons = false
    }

    /// What the legend calls the layer.
    func title(_ measures: Measures) -> String {
        switch self {
        case .temperature: return measures.language.text("map.temperature")
        case .rainChance: return measures.language.text("map.rain", ("n", String(RainChance.standardHours)))
        case .wind: return measures.language.text("map.wind")
        case .airQuality: return WeatherFormat.name(of: measures.airScale, in: measures.language)
        case .alerts: return measures.language.text("map.alerts")
        }
    }

    /// A place's class on the alerts layer: 0 none in force, then its highest severity, unknown
    /// the lowest of them and extreme the highest.
    static func alertGrade(_ status: PlaceAlertStatus) -> Int? {
        guard let alerts = status.alerts else { return nil }
        switch alerts.map(\.severity).min() {
        case nil: return 0
        case .unknown?: return 1
        case .minor?: return 2
        case .moderate?: return 3
        case .severe?: return 4
        case .extreme?: return 5
        }
    }

    /// The class of the measure of `cities[index]`, 0 the lowest; nil when the place has none.
    /// By index, each field read where it is: a city is a large value, and copying each of
    /// 10,000 a frame would cost more than drawing it.
    func grade(of cities: [CityWeather], at index: Int, _ measures: Measures) -> Int? {
        switch self {
        case .temperature:
            return WeatherFormat.temperatureGrade(celsius: WeatherFormat.temperatureValue(cities[index].temperature, units: .metric))
        case .rainChance:
            return cities[index].rainChanceNextHours.map { Self.grade(Double($0.percent), bounds: Self.rainChanceBounds) }
        case .wind:
            return WeatherFormat.speedValue(cities[index].wind?.speed, units: measures.units).map { Self.grade($0, bounds: Self.windBounds(measures.units)) }
        case .airQuality:
            return measures.air(cities[index].key)?.category(on: measures.airScale)?.rank
        case .alerts:
            return measures.alertGrades[cities[index].key]
        }
    }

    /// The legend's words for each class, lowest first, the last with the unit: in the words it
    /// prefers first, then in shorter ones for a narrower legend.
    func classLabels(_ measures: Measures) -> [[String]] {
        let labels = symbolLabels(measures)
        guard measures.plainComparisons else { return labels }
        return labels.map { $0.map { $0.replacing("≥", with: ">=").replacing("≤", with: "<=") } }
    }

    /// `classLabels` as written with `≥` and `≤`.
    private func symbolLabels(_ measures: Measures) -> [[String]] {
        let units = measures.units
        switch self {
        case .temperature:
            let bounds = WeatherFormat.temperatureGradeBounds.map { WeatherFormat.whole(units.degrees(celsius: $0)) }
            return [Self.rangeLabels(bounds, unit: units == .metric ? "°C" : "°F")]
        case .rainChance:
            return [Self.rangeLabels(Self.rainChanceBounds.map { WeatherFormat.whole($0) }, unit: "%")]
        case .wind:
            return [Self.rangeLabels(Self.windBounds(units).map { WeatherFormat.whole($0) }, unit: units == .metric ? "km/h" : "mph")]
        case .airQuality:
            // The categories' names, their bands of the index (`0–20`, `21–40`, …, `> 100`), or
            // only where each ends (`≤ 20`, …, `> 100`).
            let categories = measures.airScale.categories
            var bands: [String] = [], ends: [String] = []
            for (rank, category) in categories.enumerated() {
                let lowest = rank == 0 ? 0 : (categories[rank - 1].highest ?? 0) + 1
                bands.append(category.highest.map { "\(lowest)–\($0)" } ?? "> \(lowest - 1)")
                ends.append(category.highest.map { "≤ \($0)" } ?? "> \(lowest - 1)")
            }
            return [categories.map { WeatherFormat.name(of: $0, in: measures.language) }, bands, ends]
        case .alerts:
            let words = measures.language
            let named = [AlertSeverity.minor, .moderate, .severe, .extreme].map { AlertMark.name($0, in: words) }
            return [[words.text("map.alertsNone"), AlertMark.name(.unknown, in: words)] + named,
                    [words.text("map.alertsNoneShort"), "?", named[0], words.text("severity.moderateShort")] + named.suffix(2)]
        }
    }

    /// Each class's colour, lowest first.
    func role(grade: Int, _ measures: Measures) -> ColorRole? {
        switch self {
        case .temperature:
            return ColorRole.temperature(grade: grade)
        case .rainChance:
            return Self.rainChanceRoles[min(grade, Self.rainChanceRoles.count - 1)]
        case .wind:
            return Self.windRoles[min(grade, Self.windRoles.count - 1)]
        case .airQuality:
            return ColorRole.airRoles[measures.airScale].map { $0[min(grade, $0.count - 1)] }
        case .alerts:
            return Self.alertRoles[min(grade, Self.alertRoles.count - 1)]
        }
    }

    /// Without colour, each class's glyph: emptiest to fullest as the measure grows (the
    /// six-class scales' last a diamond).
    func glyph(grade: Int) -> Unicode.Scalar {
        let glyphs = self == .temperature || self == .airQuality || self == .alerts ? Self.sixClassGlyphs : Self.fiveClassGlyphs
        return glyphs[min(grade, glyphs.count - 1)]
    }

    /// The selected place's measure on this layer, in words: `9.1°C`, `40 % rain next 6 h`,
    /// `SW 18 km/h`, `AQI 34 fair`.
    func reading(of city: CityWeather, _ measures: Measures) -> String {
        switch self {
        case .temperature:
            return measures.language.decimal(WeatherFormat.temperature(city.temperature, units: measures.units))
        case .rainChance:
            guard let chance = city.rainChanceNextHours else { return measures.language.text("map.rainUnknown") }
            return measures.language.text("map.rainReading", ("percent", String(chance.percent)), ("n", String(chance.hours)))
        case .wind:
            return WeatherFormat.wind(city.wind, units: measures.units, in: measures.language) ?? measures.language.text("map.windUnknown")
        case .airQuality:
            let air = measures.air(city.key)
            guard let index = air?.index(on: measures.airScale) else { return measures.language.text("map.airUnknown") }
            let category = air?.category(on: measures.airScale).map { WeatherFormat.name(of: $0, in: measures.language) }
            return (["AQI \(index)"] + [category].compactMap { $0 }).joined(separator: " ")
        case .alerts:
            let words = measures.language
            guard let grade = measures.alertGrades[city.key] else { return words.text("map.alertsUnknown") }
            let graded: [AlertSeverity] = [.unknown, .minor, .moderate, .severe, .extreme]
            return grade == 0 ? words.text("map.noAlerts")
                : words.text("map.alertReading", ("severity", AlertMark.name(graded[min(grade, 5) - 1], in: words)))
        }
    }

    /// What the legend's row says at its right end when there is room: whose air it is, as
    /// Open-Meteo's terms ask wherever its air is shown, in full or short.
    func attributions(in language: Language = .english) -> [String] {
        switch self {
        case .airQuality: [AirQuality.attribution, "Open-Meteo.com / CAMS"]
        // Each source's credit, as its terms ask wherever its alerts are shown.
        case .alerts: [language.text("map.alertsCredit"), "NWS · MET Norway · DWD"]
        default: []
        }
    }

    // MARK: the scales

    /// Where each rain class after the first begins, in per cent.
    static let rainChanceBounds: [Double] = [20, 40, 60, 80]
    static let rainChanceRoles: [ColorRole] = [.rainUnlikely, .rainPossible, .rainEven, .rainLikely, .rainAlmostCertain]

    /// Where the Beaufort scale's force 3, 5, 7 and 9 begin, as it is published in each unit
    /// (km/h and mph are rounded apart, so each unit has its own).
    static func windBounds(_ units: TemperatureUnit) -> [Double] {
        units == .metric ? [12, 29, 50, 75] : [8, 19, 32, 47]
    }
    static let windRoles: [ColorRole] = [.windLight, .windModerate, .windStrong, .windGale, .windStorm]
    /// None in force muted; an alert of unknown severity in the default colour.
    static let alertRoles: [ColorRole?] = [.muted, nil, .alertMinor, .alertModerate, .alertSevere, .alertExtreme]

    static let sixClassGlyphs: [Unicode.Scalar] = ["○", "◔", "◑", "◕", "●", "◆"]
    static let fiveClassGlyphs: [Unicode.Scalar] = ["○", "◔", "◑", "◕", "●"]

    /// The class of `value` among classes starting at `bounds` (after the first, which has no start).
    static func grade(_ value: Double, bounds: [Double]) -> Int {
        bounds.firstIndex { value < $0 } ?? bounds.count
    }

    /// `< 12`, `12–29`, …, `≥ 75 km/h`.
    static func rangeLabels(_ bounds: [String], unit: String) -> [String] {
        var labels = ["< \(bounds[0])"]
        for i in 1..<bounds.count { labels.append("\(bounds[i - 1])–\(bounds[i])") }
        labels.append("≥ \(bounds[bounds.count - 1]) \(unit)")
        return labels
    }
}
