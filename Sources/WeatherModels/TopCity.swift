/// One city of the bundled top-cities list (`Resources/open-meteo/topcities.json`): who it is, in
/// which languages it has a name, and where it is, so a source without a city list of its own
/// (Open-Meteo) can show the same cities under the same keys as AccuWeather.
public struct TopCity: Codable, Equatable, Sendable {
    /// AccuWeather's location key, so a city has the same key whichever source shows it.
    public var key: String
    public var englishName: String
    /// The city's name by lowercased language tag (`ja-jp` → `東京`); English is in `englishName`.
    public var localizedNames: [String: String]
    /// ISO code and English name; `localizedName` is the English one too (see `countryName(in:)`).
    public var country: Country
    /// The country's name by lowercased language tag.
    public var localizedCountryNames: [String: String]
    public var latitude: Double
    public var longitude: Double
    /// IANA time zone name (`Asia/Tokyo`).
    public var timeZone: String

    public init(
        key: String, englishName: String, localizedNames: [String: String] = [:], country: Country,
        localizedCountryNames: [String: String] = [:], latitude: Double, longitude: Double, timeZone: String
    ) {
        self.key = key
        self.englishName = englishName
        self.localizedNames = localizedNames
        self.country = country
        self.localizedCountryNames = localizedCountryNames
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
    }

    /// The city's name in `language` (`ja-jp`, `JA`, `ja`): the exact tag, else any tag of the same
    /// language, else English.
    public func name(in language: String) -> String {
        Self.lookUp(language, in: localizedNames) ?? englishName
    }

    /// The country's name in `language`, with the same fallbacks as `name(in:)`.
    public func countryName(in language: String) -> String {
        Self.lookUp(language, in: localizedCountryNames) ?? country.englishName
    }

    /// A name table entry for a language tag; an empty name counts as missing.
    static func lookUp(_ language: String, in names: [String: String]) -> String? {
        let tag = language.lowercased().replacing("_", with: "-")
        if let exact = names[tag], !exact.isEmpty { return exact }
        let primary = tag.split(separator: "-").first.map(String.init) ?? tag
        // Sorted so that the choice among several regional names does not depend on hashing.
        for candidate in names.keys.sorted() where candidate == primary || candidate.hasPrefix(primary + "-") {
            if let name = names[candidate], !name.isEmpty { return name }
        }
        return nil
    }

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case key, englishName, localizedNames, country, localizedCountryNames, latitude, longitude, timeZone
    }
}
