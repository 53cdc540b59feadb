/// The 16 points of the compass, as AccuWeather names wind directions (`NNE`).
enum CompassPoint {
    static let names = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

    /// The point nearest to `degrees` (any real number of degrees, wrapped into 0..<360).
    static func name(degrees: Double) -> String? {
        guard degrees.isFinite else { return nil }
        var wrapped = degrees.truncatingRemainder(dividingBy: 360)
        if wrapped < 0 { wrapped += 360 }
        let index = Int((wrapped / 22.5).rounded()) % names.count
        return names[index]
    }
}
