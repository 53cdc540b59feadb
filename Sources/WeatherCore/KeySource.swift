import EssentialsSupport
import WeatherHTTP

/// Where the AccuWeather key came from, as a rejected key's message names it: the transport
/// carries it in English (`ServiceError.unauthorized`'s `keySource`, made before the language is
/// known), and `FeedError.description(in:)` says it again in the run's language.
public enum KeySource: Equatable, Sendable {
    /// `--api-key`.
    case option
    /// `ACCUWEATHER_API_KEY`.
    case environment
    /// The key file at `path`.
    case file(path: String)

    static let optionWords = "the key given with --api-key"
    static let filePrefix = "the key file "

    /// The words the transport carries.
    public var english: String {
        switch self {
        case .option: Self.optionWords
        case .environment: ServiceError.defaultKeySource
        case .file(let path): Self.filePrefix + path
        }
    }

    /// The source `english` names, if it is one of these.
    init?(english: String) {
        if english == Self.optionWords { self = .option }
        else if english == ServiceError.defaultKeySource { self = .environment }
        else if english.hasPrefix(Self.filePrefix) { self = .file(path: String(english.dropFirst(Self.filePrefix.count))) }
        else { return nil }
    }

    /// The words in `language`.
    func text(in language: Language) -> String {
        switch self {
        case .option: language.text("key.option")
        case .environment: ServiceError.defaultKeySource
        case .file(let path): language.text("key.file", ("path", path))
        }
    }
}
