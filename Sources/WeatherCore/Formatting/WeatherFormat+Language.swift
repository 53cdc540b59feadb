import EssentialsSupport
import WeatherModels

/// The words the models hold in English, in the run's language.
extension WeatherFormat {
    /// An air-quality category's name (`very poor`) in `language`.
    public static func name(of category: AirQualityCategory, in language: Language) -> String {
        language == .english ? category.name : language.text("aqi." + category.name.replacing(" ", with: "_"))
    }

    /// An air-quality index's name (`European AQI`) in `language`.
    public static func name(of scale: AirQualityScale, in language: Language) -> String {
        language == .english ? scale.name : language.text("scale.\(scale)")
    }
}
