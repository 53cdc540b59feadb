import TerminalKit

extension Style {
    /// A style whose colour is `role`'s (the default colour for nil).
    public init(bold: Bool = false, reverse: Bool = false, dim: Bool = false, underline: Bool = false, role: ColorRole?) {
        self.init(bold: bold, reverse: reverse, dim: dim, underline: underline, color: role?.slot ?? .plain)
    }

    /// The header line: reverse so it reads as a title bar in monochrome too.
    public static let header = Style(bold: true, reverse: true, role: .header)
    /// Column titles.
    public static let columnTitle = Style(bold: true, underline: true)
    /// The selected list row.
    public static let selected = Style(reverse: true)
    /// The offline / error banner: bold reverse so it cannot be missed without colour.
    public static let alertBanner = Style(bold: true, reverse: true, role: .alert)
    /// The DEMO / no-key banner.
    public static let noticeBanner = Style(bold: true, reverse: true, role: .notice)
    /// Secondary text.
    public static let dimmed = Style(dim: true, role: .muted)
    /// A key name in hints.
    public static let key = Style(bold: true, role: .key)
    /// The ★ marker.
    public static let pinned = Style(bold: true, role: .pinned)
    /// The list's ☂ of rain due within the hour at a kept place: bold, to read apart in monochrome.
    public static let rainSoon = Style(bold: true)
    /// Section titles in the detail pane.
    public static let sectionTitle = Style(bold: true)

    /// Temperature colour graded by degrees Celsius (the grade does not depend on the shown unit).
    public static func temperature(celsius: Double?) -> Style {
        Style(bold: true, role: ColorRole.grade(celsius: celsius))
    }
}
