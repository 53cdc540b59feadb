#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EssentialsSupport
import PlistArchive
import WeatherCore
import WeatherModels
import WeatherStore

/// `--city NAME`: each name resolved to a place once, through the source's place search, and
/// remembered in `Places.plist` (a place's id never changes); the demo searches its bundled places.
struct PlaceResolver {
    /// Searches the source (or the bundled places).
    var search: (_ text: String) async -> Result<[PlaceMatch], FeedError>
    /// Where resolved names are kept; nil in the demo, which touches no file.
    var store: Cache<StoredPlaces>?
    /// The source's name in `Places.plist` keys (ids are per source).
    var source: String
    /// The language the notes and failures are said in.
    var language: Language = .english

    /// What the names resolved to, in order, with what the user should hear on stderr, and why
    /// each name that could not be resolved was not (the rest are printed; exit status 1).
    struct Resolution: Equatable {
        var places: [PlaceMatch]
        var notes: [String]
        var failures: [String] = []
    }

    func resolve(_ names: [String]) async -> Resolution {
        var notes: [String] = []
        var stored = StoredPlaces()
        if let store {
            do {
                stored = try store.load()
            } catch {
                if let notice = error.notUsed(AppFiles.placesName) { notes.append(notice.text(in: language)) }
            }
        }
        var places: [PlaceMatch] = []
        var failures: [String] = []
        var learned: [String: PlaceMatch] = [:]
        for name in names {
            let key = StoredPlaces.key(source: source, name: name)
            // A remembered place off the Earth (a damaged file's) is searched for again.
            if let known = stored.byName[key], known.isOnEarth {
                places.append(known)
                continue
            }
            let query = Self.query(name)
            switch await search(query.text) {
            case .failure(let error):
                failures.append(language.text("city.lookupFailed", ("name", name), ("why", error.description(in: language))))
            case .success(let found):
                let matches = query.countryCode.map { code in found.filter { $0.countryCode?.uppercased() == code } } ?? found
                guard let best = matches.first else {
                    failures.append(language.text("search.noPlace", ("query", name)))
                    continue
                }
                if matches.count > 1 {
                    var note = language.counted("city.bestOf", matches.count, ("name", name), ("place", best.label),
                                                ("country", best.countryCode ?? "?"))
                    if query.countryCode == nil, let other = matches.first(where: { $0.countryCode != best.countryCode })?.countryCode {
                        note += "; " + language.text("city.nameCountry", ("example", "\(query.text), \(other)"))
                    }
                    notes.append(note)
                }
                places.append(best)
                stored.byName[key] = best
                learned[key] = best
            }
        }
        if !learned.isEmpty, let store {
            // Added to the file as it is now: another run's names, saved since it was read, stay.
            do {
                try store.update(empty: StoredPlaces()) { $0.byName.merge(learned) { _, new in new } }
            } catch {
                notes.append(language.text("save.failed", ("what", AppFiles.placesName), ("why", error.description(in: language))))
            }
        }
        return Resolution(places: places, notes: notes, failures: failures)
    }

    /// `Paris, US` → `Paris` in the country `US`; a last part that is not a 2-letter code is
    /// part of the name (`Washington, D.C.`).
    static func query(_ name: String) -> (text: String, countryCode: String?) {
        let trimmed = name.trimmed
        guard let comma = trimmed.lastIndex(of: ",") else { return (trimmed, nil) }
        let code = trimmed[trimmed.index(after: comma)...].trimmed
        let text = trimmed[..<comma].trimmed
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }), !text.isEmpty else { return (trimmed, nil) }
        return (text, code.uppercased())
    }
}
