#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherCore
import WeatherModels
import WeatherTUI

/// `--once --forecast` (docs/spec.md §6): each printed place's days, hours, sun, moon and air,
/// in the three formats. A kept place's nowcast is a field of its own beside it (FeedPrinter).
extension FeedPrinter {
    // MARK: table

    /// Each place's block after the list's table: the detail's sun and moon lines, the air, one
    /// line a day and the hours six to a line, on the place's clock.
    static func forecastBlocks(_ report: OnceReport, units: TemperatureUnit, own: (String) -> String) -> String {
        guard let forecasts = report.forecasts else { return "" }
        var out = ""
        for city in report.feed.cities {
            guard let forecast = forecasts[city.key] else { continue }
            let name = report.names[city.key] ?? city.localizedName
            out += "\n" + printable(name) + own(" · ") + "forecast"
            if let fetchedAt = forecast.fetchedAt { out += " fetched \(WeatherFormat.iso8601(fetchedAt))" }
            out += "\n"
            if let problem = forecast.problem { out += "  " + printable(problem) + "\n" }
            if let sunLine = forecast.sunLine { out += "  " + own(sunLine) + "\n" }
            out += "  " + forecast.moonLine + "\n"
            if let air = forecast.air, let value = air.index(on: forecast.airScale) {
                let category = air.category(on: forecast.airScale).map { " \($0.name)" } ?? ""
                out += "  Air \(value)\(category) (\(forecast.airScale.name))\n"
            }
            let lows = forecast.days.map { own(WeatherFormat.forecastDegrees($0.forecast.temperature.minimum, units: units)) }
            let highs = forecast.days.map { own(WeatherFormat.forecastDegrees($0.forecast.temperature.maximum, units: units)) }
            // Lows under lows and highs under highs: each right-aligned in its own width.
            let lowWidth = lows.map(DisplayWidth.width(of:)).max() ?? 0, highWidth = highs.map(DisplayWidth.width(of:)).max() ?? 0
            func padded(_ text: String, to width: Int) -> String { String(repeating: " ", count: max(0, width - DisplayWidth.width(of: text))) + text }
            let dayRows: [[String]] = forecast.days.indices.map { i in
                let day = forecast.days[i].forecast
                return [forecast.days[i].label, padded(lows[i], to: lowWidth) + " / " + padded(highs[i], to: highWidth),
                        printable(day.day?.iconPhrase ?? ""), day.day?.precipitationProbability.map { "\($0) %" } ?? ""]
            }
            out += aligned(dayRows, rightAligned: [3], indent: 2)
            let hourCells = forecast.hours.map { hour -> String in
                let degrees = hour.forecast.temperatureCelsius.map { WeatherFormat.whole(units.degrees(celsius: $0)) + "°" } ?? "–"
                let chance = hour.forecast.precipitationProbability.map { " \($0) %" } ?? ""
                return own("\(hour.clock) \(degrees)\(chance)")
            }
            var rows: [[String]] = []
            for start in stride(from: 0, to: hourCells.count, by: 6) { rows.append(Array(hourCells[start..<min(start + 6, hourCells.count)])) }
            out += aligned(rows, rightAligned: [], indent: 2)
        }
        return out
    }

    /// Rows as columns two blanks apart, aligned by display width.
    static func aligned(_ rows: [[String]], rightAligned: Set<Int>, indent: Int) -> String {
        let widths = rows.reduce(into: [Int]()) { widths, row in
            for (i, cell) in row.enumerated() {
                let width = DisplayWidth.width(of: cell)
                if i < widths.count { widths[i] = max(widths[i], width) } else { widths.append(width) }
            }
        }
        var out = ""
        for row in rows {
            var line = String(repeating: " ", count: indent)
            for (i, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[i] - DisplayWidth.width(of: cell))
                line += rightAligned.contains(i) ? padding + cell : cell + (i < row.count - 1 ? padding : "")
                if i < row.count - 1 { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    // MARK: json

    /// The fields a place gains under `--forecast`; none without it.
    static func forecastFields(of key: String, in report: OnceReport) -> [(String, OrderedJSON)] {
        guard let forecasts = report.forecasts else { return [] }
        guard let forecast = forecasts[key] else { return [("forecast", .null)] }
        return [("forecast", forecastJSON(forecast))]
    }

    static func forecastJSON(_ forecast: OnceForecast) -> OrderedJSON {
        .object([
            ("fetchedAt", .optional(forecast.fetchedAt.map(WeatherFormat.iso8601))),
            ("problem", .optional(forecast.problem)),
            ("sun", sunJSON(forecast.sun)),
            ("moon", .object([("phase", .string(forecast.moonPhase)), ("litPercent", .optional(forecast.moonLitPercent))])),
            ("air", airJSON(forecast)),
            ("days", .array(forecast.days.map { day in
                .object([
                    ("date", .string(String(day.forecast.date.prefix(10)))),
                    ("lowC", .optional(day.forecast.temperature.minimum.map { tenth($0.celsius) })),
                    ("highC", .optional(day.forecast.temperature.maximum.map { tenth($0.celsius) })),
                    ("lowF", .optional(day.forecast.temperature.minimum.map { fahrenheit($0.celsius) })),
                    ("highF", .optional(day.forecast.temperature.maximum.map { fahrenheit($0.celsius) })),
                    ("weatherText", .optional(day.forecast.day?.iconPhrase)),
                    ("nightText", .optional(day.forecast.night?.iconPhrase)),
                    ("icon", .optional(day.forecast.day?.icon)),
                    ("precipitationProbability", .optional(day.forecast.day?.precipitationProbability)),
                ])
            })),
            ("hours", .array(forecast.hours.map { hour in
                .object([
                    ("time", .string(WeatherFormat.iso8601(Date(timeIntervalSince1970: TimeInterval(hour.forecast.epochTime))))),
                    ("temperatureC", .optional(hour.forecast.temperatureCelsius.map(tenth))),
                    ("temperatureF", .optional(hour.forecast.temperatureCelsius.map(fahrenheit))),
                    ("weatherText", .optional(hour.forecast.weatherText)),
                    ("icon", .optional(hour.forecast.weatherIcon)),
                    ("precipitationProbability", .optional(hour.forecast.precipitationProbability)),
                ])
            })),
        ])
    }

    static func sunJSON(_ sun: WeatherFormat.SunToday?) -> OrderedJSON {
        guard let sun else { return .null }
        switch sun {
        case .upAllDay:
            return .object([("sunrise", .null), ("sunset", .null), ("daylightMinutes", .number(1440)), ("polar", .string("day"))])
        case .downAllDay:
            return .object([("sunrise", .null), ("sunset", .null), ("daylightMinutes", .number(0)), ("polar", .string("night"))])
        case let .risesAndSets(sunrise, sunset):
            return .object([
                ("sunrise", .string(WeatherFormat.iso8601(sunrise))), ("sunset", .string(WeatherFormat.iso8601(sunset))),
                ("daylightMinutes", .optional(Int(max(0, sunset.timeIntervalSince(sunrise)) / 60))), ("polar", .null),
            ])
        }
    }

    static func airJSON(_ forecast: OnceForecast) -> OrderedJSON {
        guard let air = forecast.air else { return .null }
        return .object([
            ("index", .string(forecast.airScale.rawValue)),
            ("value", .optional(air.index(on: forecast.airScale))),
            ("category", .optional(air.category(on: forecast.airScale)?.name)),
            ("observedAt", .string(WeatherFormat.iso8601(Date(timeIntervalSince1970: TimeInterval(air.epochTime))))),
            ("fetchedAt", .optional(forecast.airFetchedAt.map(WeatherFormat.iso8601))),
        ])
    }

    static func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    static func fahrenheit(_ celsius: Double) -> Double { tenth(TemperatureUnit.imperial.degrees(celsius: celsius)) }

    // MARK: csv

    /// One row a place's today (`now`: its sun, moon and air), a row a day, a row an hour.
    static let forecastCSVHeader = "key,name,kind,time,weatherText,icon,temperatureC,temperatureF,lowC,highC,lowF,highF,"
        + "precipitationProbability,sunrise,sunset,moonPhase,moonLitPercent,airIndex,airValue,airCategory"

    static func forecastCSV(_ report: OnceReport) -> String {
        var lines = [forecastCSVHeader]
        let forecasts = report.forecasts ?? [:]
        func row(_ fields: [String]) { lines.append(fields.map { csvField(printable($0)) }.joined(separator: ",")) }
        func value(_ number: Double?) -> String { number.map { FeedPrinter.number($0) } ?? "" }
        for city in report.feed.cities {
            guard let forecast = forecasts[city.key] else { continue }
            let name = report.names[city.key] ?? city.localizedName
            var sunrise = "", sunset = ""
            if case let .risesAndSets(rise, set) = forecast.sun {
                sunrise = WeatherFormat.iso8601(rise)
                sunset = WeatherFormat.iso8601(set)
            }
            let airValue = forecast.air.flatMap { $0.index(on: forecast.airScale) }
            row([city.key, name, "now", observedAt(city) ?? "", city.weatherText, city.weatherIcon.map(String.init) ?? "",
                 value(city.temperature.metric?.value), value(city.temperature.imperial?.value), "", "", "", "", "",
                 sunrise, sunset, forecast.moonPhase, String(forecast.moonLitPercent),
                 forecast.air == nil ? "" : forecast.airScale.rawValue, airValue.map(String.init) ?? "",
                 forecast.air.flatMap { $0.category(on: forecast.airScale)?.name } ?? ""])
            for day in forecast.days {
                let low = day.forecast.temperature.minimum?.celsius, high = day.forecast.temperature.maximum?.celsius
                row([city.key, name, "day", String(day.forecast.date.prefix(10)), day.forecast.day?.iconPhrase ?? "",
                     day.forecast.day?.icon.map(String.init) ?? "", "", "",
                     value(low.map(tenth)), value(high.map(tenth)), value(low.map(fahrenheit)), value(high.map(fahrenheit)),
                     day.forecast.day?.precipitationProbability.map(String.init) ?? "", "", "", "", "", "", "", ""])
            }
            for hour in forecast.hours {
                row([city.key, name, "hour", WeatherFormat.iso8601(Date(timeIntervalSince1970: TimeInterval(hour.forecast.epochTime))),
                     hour.forecast.weatherText ?? "", hour.forecast.weatherIcon.map(String.init) ?? "",
                     value(hour.forecast.temperatureCelsius.map(tenth)), value(hour.forecast.temperatureCelsius.map(fahrenheit)),
                     "", "", "", "", hour.forecast.precipitationProbability.map(String.init) ?? "", "", "", "", "", "", "", ""])
            }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
