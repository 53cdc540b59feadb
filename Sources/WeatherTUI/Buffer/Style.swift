import WeatherCore

/// A colour's meaning; the backend maps roles to terminal colours, views never name colours.
public enum ColorRole: UInt8, Equatable, Hashable, Sendable, CaseIterable {
    /// The terminal's default foreground.
    case plain
    /// Header line.
    case header
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
}

/// How a cell looks: attributes that also work in monochrome, plus a colour role.
public struct Style: Equatable, Hashable, Sendable {
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var underline: Bool
    public var color: ColorRole

    public init(bold: Bool = false, reverse: Bool = false, dim: Bool = false, underline: Bool = false, color: ColorRole = .plain) {
        self.bold = bold
        self.reverse = reverse
        self.dim = dim
        self.underline = underline
        self.color = color
    }

    /// No attributes, default colour.
    public static let plain = Style()
    /// The header line: reverse so it reads as a title bar in monochrome too.
    public static let header = Style(bold: true, reverse: true, color: .header)
    /// Column titles.
    public static let columnTitle = Style(bold: true, underline: true)
    /// The selected list row.
    public static let selected = Style(reverse: true)
    /// The offline / error banner: bold reverse so it cannot be missed without colour.
    public static let alertBanner = Style(bold: true, reverse: true, color: .alert)
    /// The DEMO / no-key banner.
    public static let noticeBanner = Style(bold: true, reverse: true, color: .notice)
    /// Secondary text.
    public static let dimmed = Style(dim: true, color: .muted)
    /// A key name in hints.
    public static let key = Style(bold: true, color: .key)
    /// The ★ marker.
    public static let pinned = Style(bold: true, color: .pinned)
    /// Section titles in the detail pane.
    public static let sectionTitle = Style(bold: true)

    /// Temperature colour graded by degrees Celsius (the grade does not depend on the shown unit).
    public static func temperature(celsius: Double?) -> Style {
        Style(bold: true, color: ColorRole.grade(celsius: celsius))
    }

    /// This style with reverse video added (for the selected row).
    public func reversed() -> Style {
        var s = self
        s.reverse = true
        return s
    }
}

extension ColorRole {
    /// The temperature grade for a value in °C (plain when unknown).
    public static func grade(celsius: Double?) -> ColorRole {
        // A switch, not an array: the map asks once per marker, 10,000 times a frame.
        switch WeatherFormat.temperatureGrade(celsius: celsius) {
        case 0: return .frigid
        case 1: return .cold
        case 2: return .cool
        case 3: return .mild
        case 4: return .warm
        case 5: return .hot
        default: return .plain
        }
    }
}
