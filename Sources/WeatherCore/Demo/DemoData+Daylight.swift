import Sky
import WeatherModels

extension DemoData {
    /// Whether it is day at `epoch` where the demo's city stands: the sun above the horizon, as for
    /// a live source that does not say (docs/spec.md §4); by the local hour where the demo has no
    /// coordinates. The current conditions and the hours both follow it.
    static func isDaylight(at geo: GeoPosition?, epoch: Int, offsetSeconds: Int) -> Bool {
        guard let geo else { return isDaylight(localHour: (((epoch + offsetSeconds) / 3600) % 24 + 24) % 24) }
        return Sun.isUp(latitude: geo.latitude, longitude: geo.longitude, at: epoch)
    }

    /// Day by the local hour, for a city without coordinates.
    static func isDaylight(localHour: Int) -> Bool {
        (7..<18).contains(localHour)
    }

    /// The icon, and its words when it has them, for the same sky by day or by night.
    static func icon(_ icon: Int, text: String?, day: Bool) -> (icon: Int, text: String?) {
        guard let pair = dayAndNightIcons.first(where: { $0.day.icon == icon || $0.night.icon == icon }) else { return (icon, text) }
        let shown = day ? pair.day : pair.night
        return shown.icon == icon ? (icon, text) : (shown.icon, text.map { _ in shown.text })
    }

    /// AccuWeather's icons that differ by day and night, each with its counterpart and the words
    /// it goes by. The other icons (cloudy, rain, fog…) serve both.
    static let dayAndNightIcons: [(day: (icon: Int, text: String), night: (icon: Int, text: String))] = [
        ((1, "Sunny"), (33, "Clear")),
        ((2, "Mostly sunny"), (34, "Mostly clear")),
        ((3, "Partly sunny"), (35, "Partly cloudy")),
        ((4, "Intermittent clouds"), (36, "Intermittent clouds")),
        ((5, "Hazy sunshine"), (37, "Hazy moonlight")),
        ((6, "Mostly cloudy"), (38, "Mostly cloudy")),
        ((14, "Partly sunny w/ showers"), (39, "Partly cloudy w/ showers")),
        ((13, "Mostly cloudy w/ showers"), (40, "Mostly cloudy w/ showers")),
        ((17, "Partly sunny w/ t-storms"), (41, "Partly cloudy w/ t-storms")),
        ((16, "Mostly cloudy w/ t-storms"), (42, "Mostly cloudy w/ t-storms")),
        ((20, "Mostly cloudy w/ flurries"), (43, "Mostly cloudy w/ flurries")),
        ((23, "Mostly cloudy w/ snow"), (44, "Mostly cloudy w/ snow")),
    ]

    /// The bundled conditions as they would be at `epoch`: day or night at the city, the sky's
    /// icon and words for it, and no sunburn at night. The data is shifted to "now", so what was
    /// bundled by day may be shown by night. A day reading of UV that the bundled night lacks is
    /// left out rather than made up.
    static func atLocalHour(_ city: CityWeather, epoch: Int) -> CityWeather {
        let offset = city.timeZone.flatMap { CityTimeZone.seconds(ofOffsetHours: $0.gmtOffset) } ?? 0
        let day = isDaylight(at: city.geoPosition, epoch: epoch, offsetSeconds: offset)
        var city = city
        if let bundled = city.weatherIcon {
            let shown = icon(bundled, text: city.weatherText, day: day)
            city.weatherIcon = shown.icon
            city.weatherText = shown.text ?? city.weatherText
        }
        if !day {
            city.uvIndex = 0
            city.uvIndexText = "Low"
        } else if !city.isDayTime {
            city.uvIndex = nil
            city.uvIndexText = nil
        }
        city.isDayTime = day
        return city
    }
}
