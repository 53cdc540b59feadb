import Foundation
import WeatherCore
import WeatherModels

/// The detail pane of the selected city: names, local time, conditions in both units, the details
/// AccuWeather sent (sections without data are left out), and the 5-day forecast.
public enum DetailView {
    /// One line of the pane.
    struct Line {
        var text: String
        var style: Style = .plain
    }

    static func lines(for city: CityWeather, state m: State) -> [Line] {
        var out: [Line] = []
        let name = city.englishName == city.localizedName || city.englishName.isEmpty
            ? city.localizedName : "\(city.englishName) (\(city.localizedName))"
        let country = city.country.englishName == city.country.localizedName || city.country.englishName.isEmpty
            ? city.country.localizedName : "\(city.country.localizedName) (\(city.country.englishName))"
        out.append(Line(text: "\(name)  ·  \(country)", style: .sectionTitle))
        if let local = WeatherFormat.localTime(city.timeZone, at: m.now) { out.append(Line(text: local)) }
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
        out.append(Line(text: ""))
        out.append(contentsOf: forecastLines(state: m))
        return out
    }

    /// AccuWeather sends "C"/"F"/"km/h"; temperatures read better as "16 °C".
    static func degreeText(_ measure: String) -> String {
        if measure.hasSuffix(" C") { return String(measure.dropLast(2)) + " °C" }
        if measure.hasSuffix(" F") { return String(measure.dropLast(2)) + " °F" }
        return measure
    }

    static func forecastLines(state m: State) -> [Line] {
        guard let forecast = m.selectedForecast, !forecast.dailyForecasts.isEmpty else {
            if m.isSelectedForecastLoading { return [Line(text: "Forecast: loading…", style: .dimmed)] }
            if let error = m.selectedForecastError { return [Line(text: "Forecast: \(error)", style: .dimmed)] }
            return [Line(text: "Forecast: ⏎ loads the 5-day forecast", style: .dimmed)]
        }
        var out = [Line(text: "5-day forecast", style: .sectionTitle)]
        if let headline = forecast.headline?.text { out.append(Line(text: headline, style: .dimmed)) }
        let days = forecast.dailyForecasts.prefix(5)
        let lows = days.compactMap { ViewFormat.celsius($0.temperature.minimum) }
        let highs = days.compactMap { ViewFormat.celsius($0.temperature.maximum) }
        let weekLow = lows.min() ?? 0, weekHigh = highs.max() ?? 0
        for day in days {
            let weekday = WeatherFormat.weekday(ofForecastDate: day.date, epoch: day.epochDate)
            let low = ViewFormat.celsius(day.temperature.minimum), high = ViewFormat.celsius(day.temperature.maximum)
            let lowText = WeatherFormat.forecastDegrees(day.temperature.minimum, units: m.units)
            let highText = WeatherFormat.forecastDegrees(day.temperature.maximum, units: m.units)
            let bar = RangeBar.bar(low: low ?? weekLow, high: high ?? weekHigh, weekLow: weekLow, weekHigh: weekHigh, width: 10)
            let rain = day.day?.precipitationProbability.map { "\($0) %" } ?? ""
            let glyph = ViewFormat.glyph(icon: day.day?.icon)
            let text = "\(weekday) \(glyph) \(pad(lowText, 5)) \(pad(highText, 5)) \(bar) \(pad(rain, 5, right: true))"
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
            for part in line.text.components(separatedBy: " · ") {
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
        let all = wrapped(lines(for: city, state: m), width: rect.width - 1)
        for (i, line) in all.prefix(rect.height).enumerated() {
            var style = line.style
            if i == 0, focused { style.underline = true }
            buffer.draw(line.text, x: rect.x + 1, y: rect.y + i, columns: rect.width - 1, style: style)
        }
        // Colour only the range bars of the forecast rows.
        for (i, line) in all.prefix(rect.height).enumerated() where line.text.contains("━") {
            var col = rect.x + 1
            for ch in line.text {
                if ch == "━", col < rect.maxX { buffer.restyle(x: col, y: rect.y + i, count: 1) { _ in Style(color: .bar) } }
                col += ScreenBuffer.columns(of: ch)
            }
        }
    }
}
