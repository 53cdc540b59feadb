#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore
import WeatherModels
import TerminalKit
import EssentialsSupport

/// The coming hours as a chart: the temperature as a braille line (coloured by the list's scale)
/// between labelled degrees, the chance of precipitation as a row of bars under it, and the
/// city's local hours along the bottom.
///
///     Next 24 h (local time)          ⠉ °C  ▅ chance of rain
///      14°┤      ⢀⡠⠤⠤⠤⢄⣀
///         │   ⢀⠔⠊        ⠑⠢⡀
///       9°┤⠤⠒⠉              ⠈⠒⠤
///     rain│▁▁▂▂▃▃▅▅▇▇▅▅▃▃▂▂▁▁
///         └┬─────┬─────┬─────┬
///          14    17    20    23
public enum HourlyChartView {
    /// Rows the chart needs at the least: title, two rows of line, the bars, the axis and its hours.
    public static let minimumRows = 6
    /// Columns left of the plot: the degree labels and the axis.
    static let labelWidth = 5
    /// Eighths of a cell, for the bars.
    static let bars: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// Beyond this many degrees Celsius either way a value is no weather (a damaged file's, a
    /// server's 1e308): plotted, it would flatten every other hour, or overflow the scale.
    static let plausibleCelsius = 150.0

    /// The hours still ahead at `now` (the current one included, none past the 16 days a forecast
    /// reaches), those with a plausible temperature; nil when fewer than two are left (a line
    /// needs two points).
    public static func upcoming(_ hourly: HourlyForecastResponse?, now: Date) -> [HourlyForecast]? {
        let thisHour = Int(now.timeIntervalSince1970) / 3600 * 3600
        let hours = (hourly?.hours ?? []).filter {
            $0.epochTime >= thisHour && $0.epochTime - thisHour <= 16 * 86400
                && $0.temperatureCelsius.map { abs($0) <= plausibleCelsius } == true
        }
        return hours.count >= 2 ? hours : nil
    }

    /// Draws `hours` (at least two, earliest first) into `rect`; `utcOffset` gives the city's
    /// offset from UTC in seconds at an hour's start (seconds since 1970).
    static func draw(_ hours: [HourlyForecast], units: TemperatureUnit, language: Language = .english, utcOffset: (Int) -> Int,
                     into buffer: inout ScreenBuffer, rect: Rect) {
        guard rect.height >= minimumRows, rect.width > labelWidth + 4, hours.count >= 2 else { return }
        let span = (hours[hours.count - 1].epochTime - hours[0].epochTime) / 3600 + 1
        buffer.draw(language.text("chart.title", ("n", String(span))), x: rect.x, y: rect.y, style: .sectionTitle, maxWidth: rect.width)
        let legend = "⠤ \(units == .metric ? "°C" : "°F")  ▅ \(language.text("chart.chanceOfRain"))"
        let legendX = rect.maxX - ScreenBuffer.columns(of: legend)
        if legendX > rect.x + 26 {
            buffer.draw("⠤", x: legendX, y: rect.y, style: Style(role: .mild))
            buffer.draw(String(legend.dropFirst()), x: legendX + 1, y: rect.y, style: .dimmed)
            buffer.draw("▅", x: legendX + 6, y: rect.y, style: Style(role: .bar))
        }

        let plotRows = rect.height - 4
        let plotX = rect.x + labelWidth, plotWidth = rect.width - labelWidth
        let shown = hours.map { units.degrees(celsius: $0.temperatureCelsius ?? 0) }
        var top = (shown.max() ?? 0).rounded(.up), bottom = (shown.min() ?? 0).rounded(.down)
        if top - bottom < 2 { top += 1; bottom -= 1 }  // a flat day still draws a line, not an edge

        // The line: one dot column after another, joined vertically so a steep hour stays unbroken.
        let dotsWide = plotWidth * 2, dotsHigh = plotRows * 4
        var cells = [UInt8](repeating: 0, count: plotWidth * plotRows)
        var cellTemperature = [Double](repeating: 0, count: plotWidth)
        var previousY: Int?
        for x in 0..<dotsWide {
            let position = Double(x) * Double(hours.count - 1) / Double(max(1, dotsWide - 1))
            let i = min(hours.count - 2, Int(position))
            let t = shown[i] + (shown[i + 1] - shown[i]) * (position - Double(i))
            let y = min(dotsHigh - 1, max(0, Int(((top - t) / (top - bottom) * Double(dotsHigh - 1)).rounded())))
            let from = previousY.map { $0 < y ? $0 + 1 : ($0 > y ? $0 - 1 : y) } ?? y
            for dotY in min(from, y)...max(from, y) { cells[(dotY / 4) * plotWidth + x / 2] |= brailleBit(dx: x % 2, dy: dotY % 4) }
            previousY = y
            if x % 2 == 0 { cellTemperature[x / 2] = units.celsius(degrees: t) }
        }
        for row in 0..<plotRows {
            for column in 0..<plotWidth where cells[row * plotWidth + column] != 0 {
                let scalar = Unicode.Scalar(0x2800 + UInt32(cells[row * plotWidth + column])) ?? " "
                buffer.put(scalar, x: plotX + column, y: rect.y + 1 + row,
                           style: Style(role: ColorRole.grade(celsius: cellTemperature[column])))
            }
        }

        // Degrees at the top and bottom rows (and the middle when there is room between them).
        let axis = Style.dimmed
        for row in 0..<plotRows {
            buffer.draw("│", x: plotX - 1, y: rect.y + 1 + row, style: axis)
        }
        var labelled = [(0, top), (plotRows - 1, bottom)]
        if plotRows >= 5 { labelled.append((plotRows / 2, top - (top - bottom) * Double(plotRows / 2 * 4 + 1) / Double(dotsHigh - 1))) }
        for (row, degrees) in labelled {
            let text = WeatherFormat.whole(degrees) + "°"
            buffer.draw(text, x: rect.x, y: rect.y + 1 + row, columns: labelWidth - 1, style: axis, alignRight: true)
            buffer.draw("┤", x: plotX - 1, y: rect.y + 1 + row, style: axis)
        }

        // Chance of precipitation under the line, an eighth of a cell for each 12.5 %.
        let barsY = rect.y + 1 + plotRows
        buffer.draw(language.text("chart.rain"), x: rect.x, y: barsY, columns: labelWidth - 1, style: axis, alignRight: true)
        buffer.draw("│", x: plotX - 1, y: barsY, style: axis)
        for column in 0..<plotWidth {
            let hour = min(hours.count - 1, Int((Double(column * 2 + 1) * Double(hours.count - 1) / Double(max(1, dotsWide - 1))).rounded()))
            guard let chance = hours[hour].precipitationProbability, chance > 0 else { continue }
            let eighths = min(8, max(1, Int((Double(chance) / 12.5).rounded())))
            buffer.put(bars[eighths].unicodeScalars.first ?? " ", x: plotX + column, y: barsY, style: Style(role: .bar))
        }

        // The hours: a tick and the local hour every few hours, as many as fit apart.
        let axisY = barsY + 1
        buffer.draw("└" + String(repeating: "─", count: plotWidth), x: plotX - 1, y: axisY, style: axis, maxWidth: plotWidth + 1)
        let cellsPerHour = Double(plotWidth) / Double(hours.count)
        let step = [1, 2, 3, 4, 6, 12].first { Double($0) * cellsPerHour >= 4 } ?? 24
        var labelsEnd = 0  // where the last label ended: a label that would touch it (an hour the clock repeats) is left out
        for (i, hour) in hours.enumerated() {
            let local = (((hour.epochTime + utcOffset(hour.epochTime)) / 3600) % 24 + 24) % 24
            guard local % step == 0 else { continue }
            let column = Int(Double(i) * Double(dotsWide - 1) / Double(hours.count - 1)) / 2
            let text = local < 10 ? "0\(local)" : "\(local)"
            guard column + 2 <= plotWidth, column >= labelsEnd else { continue }
            labelsEnd = column + 3
            buffer.draw("┬", x: plotX + column, y: axisY, style: axis)
            buffer.draw(text, x: plotX + column, y: axisY + 1, style: axis)
        }
    }

    /// The bit of braille dot (`dx`, `dy`) in a cell (dots 1–8 of the Unicode braille block).
    @inline(__always)
    static func brailleBit(dx: Int, dy: Int) -> UInt8 {
        switch (dx, dy) {
        case (0, 3): return 0x40
        case (1, 3): return 0x80
        case (0, _): return 1 << UInt8(dy)
        default: return 0x08 << UInt8(dy)
        }
    }
}
