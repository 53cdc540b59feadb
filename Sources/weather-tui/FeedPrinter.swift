#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import WeatherCore
import WeatherModels
import WeatherSource
import WeatherTUI

/// Renders a `OnceReport` as table, JSON or CSV text.
enum FeedPrinter {
    /// `glyphs` is the screen's set (`--ascii`): the table draws its own glyphs in it, as the
    /// browser does; JSON and CSV hold none of their own.
    static func render(_ report: OnceReport, format: OutputFormat, units: TemperatureUnit, glyphs: GlyphSet = .unicode) -> String {
        switch format {
        case .table: return table(report, units: units, glyphs: glyphs)
        case .json: return json(report)
        case .csv: return report.forecasts == nil ? csv(report) : forecastCSV(report)
        }
    }

    // MARK: table

    /// Columns aligned by display width (東京 is four columns), not by character count. The
    /// table's own glyphs (its rule `─`, `°`, `·`) are drawn in `glyphs`; the places' names and
    /// the servers' words are shown as written.
    static func table(_ report: OnceReport, units: TemperatureUnit, glyphs: GlyphSet = .unicode) -> String {
        func own(_ text: String) -> String {
            guard glyphs != .unicode else { return text }
            var shown = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { shown.append(glyphs.standIn(for: scalar) ?? scalar) }
            return String(shown)
        }
        let words = report.language
        let header = ["column.city", "column.country", "column.temp", "column.weather", "once.observed"].map { words.text($0) }
        let rows: [[String]] = report.feed.cities.map { city in
            [
                report.names[city.key] ?? (city.localizedName == city.englishName ? city.englishName : "\(city.localizedName) (\(city.englishName))"),
                city.country.englishName,
                own(temperatureText(city, units: units)),
                // A place with an alert in force: its highest severity's mark, as the list shows it.
                (report.alerts[city.key]?.map(\.severity).min()).map { own(AlertMark.glyph($0)) + " " + city.weatherText } ?? city.weatherText,
                observedText(city),
            ].map(printable)
        }
        let all = [header] + rows
        // Each cell's display width is measured once (non-ASCII names take a grapheme walk).
        let cellWidths = all.map { $0.map(DisplayWidth.width(of:)) }
        var widths = Array(repeating: 0, count: header.count)
        for row in cellWidths {
            for (i, w) in row.enumerated() { widths[i] = max(widths[i], w) }
        }
        // One buffer for the whole table: a status bar may run this every minute, and a string
        // per line and per padding cost as much as the rest of the printing (scripts/bench, start-up).
        var out: [UInt8] = []
        out.reserveCapacity(all.count * (widths.reduce(0, +) + 2 * widths.count) * 2)
        func spaces(_ n: Int) { for _ in 0..<max(0, n) { out.append(0x20) } }
        let rule = Array(own("─").utf8)
        for (n, row) in all.enumerated() {
            for (i, cell) in row.enumerated() {
                let padding = widths[i] - cellWidths[n][i]
                if i == 2 {  // temperatures align right
                    spaces(padding)
                    out.append(contentsOf: cell.utf8)
                } else {
                    out.append(contentsOf: cell.utf8)
                    if i < row.count - 1 { spaces(padding) }
                }
                if i < row.count - 1 { spaces(2) }
            }
            out.append(0x0A)
            if n == 0 {
                for (i, width) in widths.enumerated() {
                    if i > 0 { spaces(2) }
                    for _ in 0..<width { out.append(contentsOf: rule) }
                }
                out.append(0x0A)
            }
        }
        let count = report.feed.cities.count
        let dot = own(" · ")
        let fetched = words.text("once.fetched", ("time", WeatherFormat.iso8601(report.feed.fetchedAt)))
        out.append(contentsOf: "\(words.counted("count.cities", count))\(dot)\(report.source.rawValue)\(dot)\(fetched)".utf8)
        if let reason = report.reason { out.append(contentsOf: "\(dot)\(printable(reason))".utf8) }
        if let attribution = report.provider?.attribution { out.append(contentsOf: "\(dot)\(attribution)".utf8) }
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self) + forecastBlocks(report, units: units, own: own)
    }

    /// The text as a terminal may show it (`TerminalText`): the table is for a terminal, and a
    /// name from the network must not be able to drive it (`\e]0;…\a` would retitle the window,
    /// `\e[2J` clear it, U+202E turn the rest of the line around).
    static func printable(_ text: String) -> String {
        TerminalText.printable(text)
    }

    static func temperatureText(_ city: CitySummary, units: TemperatureUnit) -> String {
        WeatherFormat.temperature(city.temperature, units: units)
    }

    static func observedText(_ city: CitySummary) -> String {
        observedAt(city) ?? ""
    }

    /// ISO-8601 UTC time of the observation, from `EpochTime` (else the local string as sent).
    static func observedAt(_ city: CitySummary) -> String? {
        if let epoch = city.epochTime {
            return WeatherFormat.iso8601(Date(timeIntervalSince1970: TimeInterval(epoch)))
        }
        return city.localObservationDateTime
    }

    // MARK: json

    static func json(_ report: OnceReport) -> String {
        let cities: [OrderedJSON] = report.feed.cities.map { city in
            .object([
                ("key", .string(city.key)),
                ("name", .string(city.localizedName)),
                ("englishName", .string(city.englishName)),
                ("country", .string(city.country.localizedName)),
                ("countryCode", .string(city.country.id)),
                ("temperatureC", .optional(city.temperature.metric?.value)),
                ("temperatureF", .optional(city.temperature.imperial?.value)),
                ("weatherText", .string(city.weatherText)),
                ("icon", .optional(city.weatherIcon)),
                ("isDayTime", .bool(city.isDayTime)),
                ("observedAt", .optional(observedAt(city))),
                ("pinned", .bool(report.pinned.contains(city.key))),
                // null: not known (no source covers the place, or it could not be asked); []: checked, none.
                ("alerts", report.alerts[city.key].map { .array($0.map(alertJSON)) } ?? .null),
            ] + nowcast(report.nowcasts[city.key]) + forecastFields(of: city.key, in: report))
        }
        let body = OrderedJSON.object([
            ("fetchedAt", .string(WeatherFormat.iso8601(report.feed.fetchedAt))),
            ("source", .string(report.source.rawValue)),
            ("provider", .string(report.providerName)),
            ("offline", .bool(report.offline)),
            ("reason", .optional(report.reason)),
            ("cities", .array(cities)),
        ])
        return body.rendered() + "\n"
    }

    /// A kept place's `nowcast` member: when the rain due in the next two hours starts and ends
    /// and how heavy it is, each null where not known (no rain due, or no nowcast); none for a
    /// place not kept.
    static func nowcast(_ entry: RainSpell??) -> [(String, OrderedJSON)] {
        guard let entry else { return [] }
        return [("nowcast", .object([
            ("rainStarts", .optional(entry.map { WeatherFormat.iso8601($0.starts) })),
            ("rainEnds", .optional(entry?.ends.map(WeatherFormat.iso8601))),
            ("intensity", .optional(entry?.intensity.rawValue)),
        ]))]
    }

    /// One alert as `--once` prints it (docs/spec.md §6).
    static func alertJSON(_ alert: WeatherAlert) -> OrderedJSON {
        .object([
            ("event", .string(alert.event)),
            ("severity", .string(alert.severity.rawValue)),
            ("headline", .optional(alert.headline)),
            ("description", .optional(alert.description)),
            ("instruction", .optional(alert.instruction)),
            ("onset", .optional(alert.onset.map(WeatherFormat.iso8601))),
            ("expires", .optional(alert.expires.map(WeatherFormat.iso8601))),
            ("sender", .string(alert.sender)),
            ("source", .string(alert.source.rawValue)),
        ])
    }

    /// The CSV's `alerts` field: the events in force separated by `;`, empty for none, `unknown`
    /// when not known.
    static func alertsField(_ alerts: [WeatherAlert]?) -> String {
        alerts.map { $0.map(\.event).joined(separator: ";") } ?? "unknown"
    }

    // MARK: csv

    static func csv(_ report: OnceReport) -> String {
        var lines = ["key,name,englishName,country,countryCode,temperatureC,temperatureF,weatherText,icon,isDayTime,observedAt,pinned,alerts"]
        for city in report.feed.cities {
            let fields: [String] = [
                city.key, report.names[city.key] ?? city.localizedName, city.englishName, city.country.localizedName, city.country.id,
                city.temperature.metric.map { number($0.value) } ?? "",
                city.temperature.imperial.map { number($0.value) } ?? "",
                city.weatherText, city.weatherIcon.map(String.init) ?? "", city.isDayTime ? "true" : "false",
                observedAt(city) ?? "", report.pinned.contains(city.key) ? "true" : "false", alertsField(report.alerts[city.key]),
            ]
            lines.append(fields.map { csvField(printable($0)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// RFC 4180: quote fields holding commas, quotes or line breaks; double the quotes.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
