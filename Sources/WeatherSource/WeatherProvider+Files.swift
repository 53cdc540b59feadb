extension WeatherProvider {
    /// The name its data files carry (`WeatherFeed-open-meteo.plist`); nil for AccuWeather, the
    /// first source, whose files keep the names every release gave them.
    public var fileTag: String? {
        self == .accuWeather ? nil : rawValue
    }
}
