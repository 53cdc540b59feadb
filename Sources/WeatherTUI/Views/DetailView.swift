#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels

/// The detail pane of the selected city: names, local time, conditions in both units, the details
/// AccuWeather sent (sections without data are left out), the coming hours as a chart in the rows
/// left free, and the labelled 5-day forecast.
public enum DetailView {
    /// One line of the pane.
    struct Line {
        var text: String
        var style: Style = .plain
    }

    static func lines(for city: CityWeather, state m: State) -> [Line] {
        var out: [Line] = []
        let shown = m.displayName(of: city)
        let name = city.englishName == city.localizedName || city.englishName.isEmpty
            ? shown : "\(city.englishName) (\(shown))"
        let country = city.country.englishName == city.country.localizedName || city.country.englishName.isEmpty
            ? city.country.localizedName : "\(city.country.localizedName) (\(city.country.englishName))"
        out.append(Line(text: "\(name)  ·  \(country)", style: .sectionTitle))
        let sourceTime = city.zoneGivenAt(now: m.now)
        var when = [WeatherFormat.localTime(city.timeZone, at: m.now, sourceTime: sourceTime)].compactMap { $0 }
        if let feed = m.feed, let observed = FeedPolicy.outdatedObservation(of: city, in: feed) {
            let clock = WeatherFormat.localClock(city.timeZone, at: observed, sourceTime: sourceTime).map { $0 + " local" } ?? WeatherFormat.clock(observed)
            when.append("observed \(clock), \(WeatherFormat.age(of: observed, now: m.now))")
        }
        if !when.isEmpty { out.append(Line(text: when.joined(separator: " · "))) }
        var now = "\(ViewFormat.glyph(icon: city.weatherIcon)) \(city.weatherText)"
        if let both = ViewFormat.bothUnits(city.temperature) { now += "  \(both)" }
        out.append(Line(text: now, style: .temperature(celsius: WeatherFormat.temperatureValue(city.temperature, units: .metric))))

        var feels: [String] = []
        if let rf = city.realFeelTemperature, let t = WeatherFormat.measure(rf, units: m.units) { feels.append("Feels \(degreeText(t))") }
        if let shade = city.realFeelTemperatureShade, let t = WeatherFormat.measure(shade, units: m.units) { feels.append("in shade \(degreeText(t))") }
        if let h = city.relativeHumidity { feels.append("Humidity \(h) %") }
        if let dp = city.dewPoint, let t = WeatherFormat.measure(dp, units: m.units) { feels.append("Dew point \(degreeText(t))") }
        if !feels.isEmpty { out.append(Line(text: feels.joined(separator: " · "))) }

        var wind: [String] = []
        if let w = WeatherFormat.wind(city.wind, units: m.units) { wind.append("Wind \(w)") }
        if let g = WeatherFormat.speed(city.windGust?.speed, units: m.units) { wind.append("gusts \(g)") }
        if !wind.isEmpty { out.append(Line(text: wind.joined(separator: " · "))) }

        var sky: [String] = []
        if let uv = city.uvIndex { sky.append("UV \(uv)" + (city.uvIndexText.map { " \($0)" } ?? "")) }
        if let v = WeatherFormat.measure(city.visibility, units: m.units, decimals: 1) { sky.append("Visibility \(v)") }
        if let c = city.cloudCover { sky.append("Cloud cover \(c) %") }
        if !sky.isEmpty { out.append(Line(text: sky.joined(separator: " · "))) }

        if let p = WeatherFormat.measure(city.pressure, units: m.units, decimals: m.units == .metric ? 0 : 1) {
            let tendency = city.pressureTendency?.localizedText.map { ", \($0.lowercased())" } ?? ""
            out.append(Line(text: "Pressure \(p)\(tendency)"))
        }

        var precip: [String] = []
        if let has = city.hasPrecipitation {
            precip.append(has ? "Precipitation: \(city.precipitationType ?? "yes")" : "No precipitation")
        }
        if let past = WeatherFormat.measure(city.precipitationSummary?.past24Hours, units: m.units, decimals: 1) { precip.append("past 24 h \(past)") }
        if !precip.isEmpty { out.append(Line(text: precip.joined(separator: " · "))) }

        if let geo = city.geoPosition {
            var text = ViewFormat.coordinates(latitude: geo.latitude, longitude: geo.longitude)
            if let e = WeatherFormat.measure(geo.elevation, units: m.units) { text += " · elevation \(e)" }
            out.append(Line(text: text, style: .dimmed))
        }
        return out
    }

    /// AccuWeather sends "C"/"F"/"km/h"; temperatures read better as "16 °C".
    static func degreeText(_ measure: String) -> String {
        if measure.hasSuffix(" C") { return String(measure.dropLast(2)) + " °C" }
        if measure.hasSuffix(" F") { return String(measure.dropLast(2)) + " °F" }
        return measure
    }

    /// The forecast's columns: day and glyph, low, high (right-aligned, 4 columns: `-12°`), the
    /// day's range against the week's, chance of precipitation (`100 %`).
    static let dayWidth = 5, degreeWidth = 4, rainWidth = 5

    /// Bar cells for a pane `width` columns wide: 10, more when there is room, up to 24.
    static func barWidth(paneWidth width: Int) -> Int {
        min(24, max(10, width - (dayWidth + 2 + degreeWidth + 1 + degreeWidth + 2 + 2 + rainWidth)))
    }

    /// The 5-day forecast under a title and a row of column titles, or why there is none; the
    /// headline (AccuWeather's sentence) when `headline`.
    static func forecastLines(state m: State, width: Int, headline: Bool = true) -> [Line] {
        guard let forecast = m.selectedForecast, !forecast.dailyForecasts.isEmpty else {
            if m.isSelectedForecastLoading { return [Line(text: "Forecast: loading…", style: .dimmed)] }
            if let error = m.selectedForecastError { return [Line(text: "Forecast: \(error)", style: .dimmed)] }
            return [Line(text: "Forecast: ⏎ loads the 5-day forecast", style: .dimmed)]
        }
        var out = [Line(text: "5-day forecast", style: .sectionTitle)]
        if headline, let text = forecast.headline?.text { out.append(Line(text: text, style: .dimmed)) }
        let bar = barWidth(paneWidth: width)
        let titles = pad("Day", dayWidth) + "  " + pad("Low", degreeWidth, right: true) + " " + pad("High", degreeWidth, right: true)
            + "  " + pad("Range", bar) + "  " + pad("Rain", rainWidth, right: true)
        out.append(Line(text: titles, style: .columnTitle))
        let days = forecast.dailyForecasts.prefix(5)
        let lows = days.compactMap { ViewFormat.celsius($0.temperature.minimum) }
        let highs = days.compactMap { ViewFormat.celsius($0.temperature.maximum) }
        let weekLow = lows.min() ?? 0, weekHigh = highs.max() ?? 0
        for day in days {
            let weekday = WeatherFormat.weekday(ofForecastDate: day.date, epoch: day.epochDate)
            let low = ViewFormat.celsius(day.temperature.minimum), high = ViewFormat.celsius(day.temperature.maximum)
            let lowText = WeatherFormat.forecastDegrees(day.temperature.minimum, units: m.units)
            let highText = WeatherFormat.forecastDegrees(day.temperature.maximum, units: m.units)
            let range = RangeBar.bar(low: low ?? weekLow, high: high ?? weekHigh, weekLow: weekLow, weekHigh: weekHigh, width: bar)
            let rain = day.day?.precipitationProbability.map { "\($0) %" } ?? ""
            let glyph = ViewFormat.glyph(icon: day.day?.icon)
            let text = pad("\(weekday) \(glyph)", dayWidth) + "  " + pad(lowText, degreeWidth, right: true) + " "
                + pad(highText, degreeWidth, right: true) + "  " + range + "  " + pad(rain, rainWidth, right: true)
            out.append(Line(text: text))
        }
        return out
    }

    /// Lines of "a · b · c" parts that are too wide continue on the next line at a " · " boundary.
    static func wrapped(_ lines: [Line], width: Int) -> [Line] {
        var out: [Line] = []
        for line in lines {
            guard ScreenBuffer.columns(of: line.text) > width, line.text.contains(" · ") else {
                out.append(line)
                continue
            }
            var current = ""
            for part in line.text.split(separator: " · ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = current.isEmpty ? part : current + " · " + part
                if !current.isEmpty, ScreenBuffer.columns(of: candidate) > width {
                    out.append(Line(text: current, style: line.style))
                    current = part
                } else {
                    current = candidate
                }
            }
            if !current.isEmpty { out.append(Line(text: current, style: line.style)) }
        }
        return out
    }

    static func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, n - s.count))
        return right ? fill + s : s + fill
    }

    public static func draw(_ m: State, into buffer: inout ScreenBuffer, rect: Rect, focused: Bool) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let city = m.selectedCity else {
            buffer.draw("No city selected", x: rect.x + 1, y: rect.y, columns: rect.width - 1, style: .dimmed)
            return
        }
        let width = rect.width - 1
        let current = wrapped(lines(for: city, state: m), width: width)
        // The rows left under the conditions and the forecast go to the chart; the headline gives
        // way first when the chart would not fit with it.
        var forecast = forecastLines(state: m, width: width)
        let hours = HourlyChartView.upcoming(m.selectedHourly, now: m.now)
        var free = rect.height - current.count - 1 - forecast.count
        if hours != nil, free - 1 < HourlyChartView.minimumRows, m.selectedForecast?.headline?.text != nil {
            let shorter = forecastLines(state: m, width: width, headline: false)
            if free - 1 + forecast.count - shorter.count >= HourlyChartView.minimumRows {
                free += forecast.count - shorter.count
                forecast = shorter
            }
        }
        var hourLines: [Line] = []
        var chartRows = 0
        if hours != nil, free - 1 >= HourlyChartView.minimumRows {
            chartRows = min(free - 1, HourlyChartView.maximumRows)
        } else if let hours, free >= 2 {
            hourLines = [Line(text: hourSummary(hours, units: m.units), style: .dimmed)]
        } else if hours == nil, m.selectedForecast != nil, let problem = m.selectedForecastError, free >= 2 {
            hourLines = [Line(text: problem, style: .dimmed)]
        }

        var y = rect.y
        func put(_ lines: [Line], underlineFirst: Bool = false) {
            for (i, line) in lines.enumerated() where y < rect.maxY {
                var style = line.style
                if i == 0, underlineFirst { style.underline = true }
                buffer.draw(line.text, x: rect.x + 1, y: y, columns: width, style: style)
                if line.text.contains("━") { colourBars(line.text, into: &buffer, x: rect.x + 1, y: y, maxX: rect.maxX) }
                y += 1
            }
        }
        put(current, underlineFirst: focused)
        if chartRows > 0, let hours {
            y += 1
            // The hours ahead in the city's time, past a summer time change too.
            HourlyChartView.draw(hours, units: m.units, utcOffset: { [given = city.zoneGivenAt(now: m.now)] in city.timeZone?.offsetSeconds(at: $0, sourceTime: given) ?? 0 }, into: &buffer,
                                 rect: Rect(x: rect.x + 1, y: y, width: width, height: chartRows))
            y += chartRows
        } else if !hourLines.isEmpty {
            y += 1
            put(hourLines)
        }
        y += 1
        put(forecast)
    }

    /// The hours in one line, when there is no room for their chart.
    static func hourSummary(_ hours: [HourlyForecast], units: TemperatureUnit) -> String {
        let degrees = hours.compactMap(\.temperatureCelsius).map { units.degrees(celsius: $0) }
        let rain = hours.compactMap(\.precipitationProbability).max() ?? 0
        return "Next \(hours.count) h: \(WeatherFormat.whole(degrees.min() ?? 0))° to \(WeatherFormat.whole(degrees.max() ?? 0))°, rain up to \(rain) %"
    }

    /// Colours only the range bar of a forecast row.
    static func colourBars(_ text: String, into buffer: inout ScreenBuffer, x: Int, y: Int, maxX: Int) {
        var col = x
        for ch in text {
            if ch == "━", col < maxX { buffer.restyle(x: col, y: y, count: 1) { _ in Style(color: .bar) } }
            col += ScreenBuffer.columns(of: ch)
        }
    }
}
