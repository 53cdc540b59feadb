import TerminalKit
import WeatherCore
import WeatherModels

/// What a colour means on the browser's screen, and which colour that is: the one table the
/// backend's palette is made from (`palette`), so views name meanings and never colours.
public enum ColorRole: UInt8, Equatable, Hashable, Sendable, CaseIterable {
    /// Header line.
    case header = 1
    /// Offline / failed-refresh banner (must stand out).
    case alert
    /// DEMO / informational banner.
    case notice
    /// Pinned marker ★.
    case pinned
    /// Secondary text (labels, hints).
    case muted
    /// Key names in hints and help.
    case key
    /// Temperature below 0 °C (grades as `WeatherFormat.temperatureGrade`).
    case frigid
    /// 0 … 10 °C.
    case cold
    /// 10 … 18 °C.
    case cool
    /// 18 … 25 °C.
    case mild
    /// 25 … 32 °C.
    case warm
    /// 32 °C and above.
    case hot
    /// Forecast range bar.
    case bar
    /// Land on the world map.
    case land
    /// The European air-quality index's categories, best first, in the EEA's colours.
    case europeanAir0, europeanAir1, europeanAir2, europeanAir3, europeanAir4, europeanAir5
    /// The US air-quality index's categories, best first, in the EPA's colours.
    case usAir0, usAir1, usAir2, usAir3, usAir4, usAir5
    /// The map's rain layer: chance of precipitation under 20 %, … 80 % and above (`MapLayer.rainChance`).
    case rainUnlikely, rainPossible, rainEven, rainLikely, rainAlmostCertain
    /// The map's wind layer by the Beaufort scale: light (0–2), moderate (3–4), fresh to strong
    /// (5–6), gale (7–8), storm (9 and above).
    case windLight, windModerate, windStrong, windGale, windStorm
    /// An official alert's severity (CAP's), most severe first; one of unknown severity is muted.
    case alertExtreme, alertSevere, alertModerate, alertMinor

    /// The terminal's colour slot for this role.
    public var slot: ColorSlot { ColorSlot(rawValue: rawValue) }

    /// The role's colour on 256-colour and on 8-colour terminals.
    public var color: Palette.Color {
        switch self {
        case .header: return Palette.Color(rich: 38, basic: .cyan)
        case .alert: return Palette.Color(rich: 196, basic: .red)
        case .notice: return Palette.Color(rich: 214, basic: .yellow)
        case .pinned: return Palette.Color(rich: 220, basic: .yellow)
        case .muted: return Palette.Color(rich: 245, basic: nil)
        case .key: return Palette.Color(rich: 81, basic: .cyan)
        case .frigid: return Palette.Color(rich: 135, basic: .magenta)
        case .cold: return Palette.Color(rich: 33, basic: .blue)
        case .cool: return Palette.Color(rich: 44, basic: .cyan)
        case .mild: return Palette.Color(rich: 114, basic: .green)
        case .warm: return Palette.Color(rich: 214, basic: .yellow)
        case .hot: return Palette.Color(rich: 196, basic: .red)
        case .bar: return Palette.Color(rich: 110, basic: .cyan)
        case .land: return Palette.Color(rich: 65, basic: .green)
        case .europeanAir0, .europeanAir1, .europeanAir2, .europeanAir3, .europeanAir4, .europeanAir5,
             .usAir0, .usAir1, .usAir2, .usAir3, .usAir4, .usAir5:
            // The agency's own colour, as near as the terminal has it: from xterm's cube, or of
            // the eight basic colours and their bright forms, each category its own.
            guard let rgb = airRGB, let basic = Self.basicAir[self] else { return Palette.Color(rich: nil, basic: nil) }
            return Palette.Color(rich: Self.xterm256(rgb), basic: basic.color, bright: basic.bright)
        case .rainUnlikely: return Palette.Color(rich: 250, basic: nil)
        case .rainPossible: return Palette.Color(rich: 153, basic: .green)
        case .rainEven: return Palette.Color(rich: 75, basic: .cyan)
        case .rainLikely: return Palette.Color(rich: 33, basic: .blue)
        case .rainAlmostCertain: return Palette.Color(rich: 99, basic: .magenta)
        case .windLight: return Palette.Color(rich: 250, basic: nil)
        case .windModerate: return Palette.Color(rich: 114, basic: .green)
        case .windStrong: return Palette.Color(rich: 220, basic: .yellow)
        case .windGale: return Palette.Color(rich: 208, basic: .red)
        case .windStorm: return Palette.Color(rich: 163, basic: .magenta)
        case .alertExtreme: return Palette.Color(rich: 201, basic: .magenta)
        case .alertSevere: return Palette.Color(rich: 196, basic: .red)
        case .alertModerate: return Palette.Color(rich: 208, basic: .yellow)
        case .alertMinor: return Palette.Color(rich: 226, basic: .yellow)
        }
    }

    /// The roles of each index's categories, in rank order.
    static let airRoles: [AirQualityScale: [ColorRole]] = [
        .european: [.europeanAir0, .europeanAir1, .europeanAir2, .europeanAir3, .europeanAir4, .europeanAir5],
        .us: [.usAir0, .usAir1, .usAir2, .usAir3, .usAir4, .usAir5],
    ]

    /// The colour of `category` of `scale` (nil, the default colour, when there is none).
    public static func air(_ category: AirQualityCategory?, on scale: AirQualityScale) -> ColorRole? {
        guard let category, let roles = airRoles[scale], roles.indices.contains(category.rank) else { return nil }
        return roles[category.rank]
    }

    /// The agency's colour (`0xRRGGBB`) of an air-quality role; nil for every other role.
    public var airRGB: UInt32? {
        for (scale, roles) in Self.airRoles {
            if let rank = roles.firstIndex(of: self), scale.categories.indices.contains(rank) { return scale.categories[rank].rgb }
        }
        return nil
    }

    /// The nearest colour of xterm's 6×6×6 cube (16–231) to `rgb`.
    static func xterm256(_ rgb: UInt32) -> Int16 {
        let levels: [Int] = [0, 95, 135, 175, 215, 255]
        func step(_ channel: UInt32) -> Int {
            let value = Int(channel & 0xFF)
            return levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) } ?? 0
        }
        return Int16(16 + 36 * step(rgb >> 16) + 6 * step(rgb >> 8) + step(rgb))
    }

    /// Each air category's colour on a terminal of 8 or 16 colours, chosen by hand: the nearest
    /// basic colour by channel made two categories of a scale one colour (good and fair cyan,
    /// poor and very poor red) and the US "hazardous" maroon black, unseen on a console's black.
    /// The bright forms (bold on 8 colours) give each of the six a colour of its own, the
    /// agencies' light and dark shades as the console's bright and plain ones (its plain yellow
    /// is brown: the US orange).
    static let basicAir: [ColorRole: (color: Palette.BasicColor, bright: Bool)] = [
        .europeanAir0: (.cyan, true), .europeanAir1: (.cyan, false), .europeanAir2: (.yellow, true),
        .europeanAir3: (.red, true), .europeanAir4: (.red, false), .europeanAir5: (.magenta, false),
        .usAir0: (.green, true), .usAir1: (.yellow, true), .usAir2: (.yellow, false),
        .usAir3: (.red, true), .usAir4: (.magenta, false), .usAir5: (.red, false),
    ]

    /// Every role's colour, for the backend.
    public static let palette = Palette(Dictionary(uniqueKeysWithValues: allCases.map { ($0.slot, $0.color) }))

    /// The temperature grade for a value in °C (nil, the default colour, when unknown).
    public static func grade(celsius: Double?) -> ColorRole? {
        WeatherFormat.temperatureGrade(celsius: celsius).flatMap(temperature(grade:))
    }

    /// The colour of a temperature grade (`WeatherFormat.temperatureGrade`), coldest first.
    static func temperature(grade: Int) -> ColorRole? {
        // A switch, not an array: the map asks once per marker, 10,000 times a frame.
        switch grade {
        case 0: return .frigid
        case 1: return .cold
        case 2: return .cool
        case 3: return .mild
        case 4: return .warm
        case 5: return .hot
        default: return nil
        }
    }
}
