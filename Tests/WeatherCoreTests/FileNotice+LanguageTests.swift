import EssentialsSupport
import PlistArchive
import Testing
import WeatherModels
import WeatherSource
import WeatherStore
@testable import WeatherCore

/// The words a user reads about the program's files, in the run's language.
@Suite struct FileNoticeLanguageTests {
    static let german = Language(code: .de)

    @Test func noFileIsNothingToSay() {
        #expect(ArchiveError.missing.notUsed("Places.plist") == nil)
    }

    @Test func anUnreadableFileSaysWhereItWasMoved() {
        let notice = ArchiveError.corrupt(reason: "truncated").notUsed("Pinned.plist", then: .pinsStartEmpty)
        #expect(notice?.text(in: .english)
            == "Pinned.plist not used: saved data unreadable (truncated); moved aside to Pinned.plist.corrupt; pins and own cities start empty")
        #expect(notice?.text(in: Self.german) == "Pinned.plist nicht verwendet: gespeicherte Daten unlesbar (truncated); "
            + "beiseitegelegt als Pinned.plist.corrupt; Markierungen und eigene Städte beginnen leer")
    }

    /// A file of a newer schema or one the file system refuses stays where it is: nothing claims it moved.
    @Test func aFileLeftInPlaceIsNotSaidToHaveMoved() {
        let newer = ArchiveError.incompatibleSchema(found: 9, supported: 2).notUsed("Places.plist")
        #expect(newer?.text(in: .english) == "Places.plist not used: saved data is from a newer version (schema 9, this build reads 2)")
        let io = ArchiveError.io(underlying: "permission denied").notUsed("settings.plist")
        #expect(io?.text(in: .english) == "settings.plist not used: cannot access saved data: permission denied")
        #expect(io?.text(in: Self.german) == "settings.plist nicht verwendet: kein Zugriff auf gespeicherte Daten: permission denied")
    }

    /// The catalogue's English is the archive's own English, word for word.
    @Test(arguments: [ArchiveError.missing, .corrupt(reason: "no day"), .incompatibleSchema(found: 3, supported: 2),
                      .io(underlying: "Permission denied"), .busy(file: "Calls.txt")])
    func englishIsTheArchivesOwnWords(_ error: ArchiveError) {
        #expect(error.description(in: .english) == error.errorDescription)
    }

    @Test func theLedgerAndTheHoldsAreSaidAsBefore() {
        let corrupt = FileNotice.damaged(file: "Calls.txt", error: .corrupt(reason: "not text"), then: .callsCountFromNow)
        #expect(corrupt.text(in: .english) == "Calls.txt was unreadable (not text): moved aside to Calls.txt.corrupt; today's calls count from now")
        let folder = FileNotice.damaged(file: "Holds.txt", error: .io(underlying: "a folder"), then: .holdsKeptByThisRun)
        #expect(folder.text(in: .english)
            == "Holds.txt cannot be used (cannot access saved data: a folder): the sources' holds are kept by this run alone")
        let held = FileNotice.callsKeptForLater(file: "Calls.txt", error: .busy(file: "Calls.txt"))
        #expect(held.text(in: .english)
            == "another copy of weather-tui holds Calls.txt (its lock .Calls.txt.lock): today's calls are kept to add to Calls.txt later")
        #expect(held.text(in: Language(code: .ja))
            == "weather-tui の別のコピーが Calls.txt を保持しています（ロック .Calls.txt.lock）: 今日の呼び出しは保持し、後で Calls.txt に加えます")
        let dropped = FileNotice.settingsDropped(file: "settings.plist", fields: ["units", "count"])
        #expect(dropped.text(in: Language(code: .fr)) == "settings.plist : units, count abandonné (illisible) ; les autres réglages sont gardés")
        #expect(FileNotice.joined([nil, dropped, corrupt])?.text(in: .english)
            == "settings.plist: dropped units, count (unreadable); the other settings kept; " + corrupt.text(in: .english))
    }

    /// Every notice reads in every language with none of its placeholders left unfilled and no
    /// English word of the frame left over (the file names and the archive's reason stay).
    @Test(arguments: Language.Code.allCases.filter { $0 != .en })
    func everyNoticeIsSaidInTheLanguage(_ code: Language.Code) {
        let language = Language(code: code)
        let notices: [FileNotice] = [
            .notUsed(file: "Pinned.plist", error: .corrupt(reason: "x"), then: .pinsStartEmpty),
            .notUsed(file: "Forecasts.plist", error: .busy(file: "Forecasts.plist"), then: .forecastsFetchedAgain),
            .notUsed(file: "AirQuality.plist", error: .incompatibleSchema(found: 3, supported: 2), then: .airFetchedAgain),
            .settingsDropped(file: "settings.plist", fields: ["units"]),
            .damaged(file: "Calls.txt", error: .corrupt(reason: "x"), then: .callsCountFromNow),
            .damaged(file: "Calls.txt", error: .io(underlying: "x"), then: .callsNotCounted),
            .damaged(file: "Holds.txt", error: .io(underlying: "x"), then: .holdsKeptByThisRun),
            .callsKeptForLater(file: "Calls.txt", error: .busy(file: "Calls.txt")),
        ]
        for notice in notices {
            let text = notice.text(in: language), english = notice.text(in: .english)
            #expect(!text.contains("{") && text != english, "\(code): \(text)")
            for word in ["not used", "unreadable", "moved aside", "cannot", "today's", "fetched", "settings kept"] {
                #expect(!text.contains(word), "\(code): \(text)")
            }
        }
    }

    /// The settings' notice is said in the language they remember: it is worded once they are taken.
    @Test func theSettingsNoticeIsSaidInTheLanguageTheyRemember() {
        var state = State(config: AppConfig(), now: Make.t0)
        _ = state.reduce(.settingsLoaded(AppSettings(language: "de"), notice: .settingsDropped(file: "settings.plist", fields: ["units"])))
        #expect(state.notices.messages.map(\.text).contains("settings.plist: units verworfen (unlesbar); die übrigen Einstellungen bleiben"))
    }

    /// A save that fails is said in the run's language, by the store that saves.
    @Test func aFailedSaveIsSaidInTheLanguage() async throws {
        let cache = Make.tempDirectory(), blocked = try Make.fileInPlaceOfAFolder()
        let env = AppEnvironment.live(loader: FeedLoader(service: FakeWeatherService(), archive: WeatherFeedArchive(directory: cache), now: { Make.t0 }),
                                      files: AppFiles(cacheDirectory: cache, configDirectory: blocked), now: { Make.t0 })
        let store = try Store(config: AppConfig(language: "de"), environment: env)
        store.start()
        await store.settle()
        store.send(.toggleUnits)
        await store.settle()
        #expect(store.state.notice?.hasPrefix("Einstellungen konnte nicht gespeichert werden: kein Zugriff auf gespeicherte Daten: ") == true,
                "\(store.state.notice ?? "nothing said")")
    }

    /// Own cities another source found, and own cities a refresh could not bring, are said in the language.
    @Test func ownCitiesASourceCannotListOrRefreshAreSaidInTheLanguage() {
        let city = PinnedCity(key: "1", name: "Oslo", latitude: 59.9, longitude: 10.7)
        let unlisted = FeedPolicy.describe(unlisted: [city, city], provider: .openMeteo, inBrowser: true, in: Language(code: .ru))
        #expect(unlisted.hasSuffix("нажмите a, чтобы найти их снова"), "\(unlisted)")
        #expect(!unlisted.contains("not listed"))
        let unrefreshed = FeedLoader.describe(UnrefreshedCities(cities: [city], error: .quotaExceeded), kept: [city], in: Self.german)
        #expect(unrefreshed.hasPrefix("Oslo nicht aktualisiert: ") && unrefreshed.hasSuffix("; ihr früheres Wetter wird gezeigt"), "\(unrefreshed)")
        #expect(FeedLoader.describe(UnrefreshedCities(cities: [city], error: .quotaExceeded), kept: [city], in: .english)
            == "Oslo not refreshed: \(FeedError.network(.quotaExceeded).errorDescription ?? ""); its earlier weather is shown")
    }

    /// An unreadable saved feed is said in the language, in `!` and on the empty screen.
    @Test func anUnreadableSavedFeedIsSaidInTheLanguage() {
        var state = State(config: AppConfig(language: "de"), now: Make.t0)
        _ = state.reduce(.archiveRestored(.failure(.corrupt(reason: "truncated"))))
        state.isFetching = false  // the fetch it starts is not this test's
        #expect(state.emptyExplanation?.contains("gespeicherte Daten unlesbar (truncated).") == true, "\(state.emptyExplanation ?? [])")
        #expect(state.notices.messages.contains { $0.text.hasPrefix("gespeicherter Feed nicht verwendet: gespeicherte Daten unlesbar (truncated); beiseitegelegt als ") },
                "\(state.notices.messages.map(\.text))")
    }
}
