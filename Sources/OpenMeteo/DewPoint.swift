#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The dew point computed from temperature and relative humidity, so the list's request need not
/// ask for it (each variable past ten makes Open-Meteo count a place as more than one call).
enum DewPoint {
    /// Magnus coefficients over water (Alduchov and Eskridge, 1996): within 0.4 °C of the exact
    /// value from −40 °C to 50 °C.
    static let b = 17.625
    static let c = 243.04

    /// °C for `celsius` and `humidity` %; nil when either is missing or no air has it.
    static func celsius(temperature celsius: Double?, humidity: Double?) -> Double? {
        guard let celsius, let humidity, celsius.isFinite, humidity > 0, humidity <= 100, celsius > -c + 1 else { return nil }
        let gamma = log(humidity / 100) + b * celsius / (c + celsius)
        let dewPoint = c * gamma / (b - gamma)
        return dewPoint.isFinite ? dewPoint : nil
    }
}
