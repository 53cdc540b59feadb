/// The version `--version` prints.
enum WeatherTUIVersion {
    static let current = "0.1.0"
}
