/// The WHO's UV index categories, in the words AccuWeather uses for `UVIndexText`.
enum UVIndexCategory {
    /// `Low` below 3, `Moderate` below 6, `High` below 8, `Very High` below 11, else `Extreme`.
    static func text(_ index: Double) -> String? {
        guard index.isFinite, index >= 0 else { return nil }
        switch index.rounded() {
        case ..<3: return "Low"
        case ..<6: return "Moderate"
        case ..<8: return "High"
        case ..<11: return "Very High"
        default: return "Extreme"
        }
    }
}
