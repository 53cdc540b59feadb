import Testing
import Foundation
import EssentialsSupport
import WeatherModels
@testable import WeatherCore

/// Which language and clock a run has: the flag, the remembered choice, the environment's
/// locale, English (docs/spec.md §2 "Language").
@Suite struct LanguagePolicyTests {
    func config(lang: String? = nil, locale: String? = nil, clock: ClockStyle? = nil) -> AppConfig {
        var config = AppConfig(language: lang)
        config.environmentLocale = locale
        config.clock = clock
        return config
    }

    @Test func theFlagThenTheRememberedChoiceThenTheEnvironment() {
        #expect(FeedPolicy.request(config: config(lang: "ja", locale: "de_DE.UTF-8"), saved: AppSettings(language: "fr")).language == "ja")
        #expect(FeedPolicy.request(config: config(locale: "de_DE.UTF-8"), saved: AppSettings(language: "fr")).language == "fr")
        #expect(FeedPolicy.request(config: config(locale: "de_DE.UTF-8"), saved: nil).language == "de-de")
        #expect(FeedPolicy.request(config: config(), saved: nil).language == "en-us")
    }

    @Test func theEnUSEarlierReleasesWroteForEveryoneIsNoChoice() {
        #expect(FeedPolicy.request(config: config(locale: "de_DE.UTF-8"), saved: AppSettings(language: "en-us")).language == "de-de")
        // A chosen English is kept as `en`, which is a choice.
        #expect(FeedPolicy.request(config: config(locale: "de_DE.UTF-8"), saved: AppSettings(language: "en")).language == "en")
    }

    @Test func cAndPOSIXAreTheStandardEnglish() {
        #expect(FeedPolicy.request(config: config(locale: "C.UTF-8"), saved: nil).language == "en-us")
        #expect(FeedPolicy.request(config: config(locale: "POSIX"), saved: nil).language == "en-us")
        #expect(FeedPolicy.clock(config: config(locale: "C.UTF-8"), saved: nil) == .twentyFourHour)
    }

    @Test func theClockIsTheLocalesUnlessChosen() {
        #expect(FeedPolicy.clock(config: config(locale: "en_US.UTF-8"), saved: nil) == .twelveHour)
        #expect(FeedPolicy.clock(config: config(locale: "en_GB.UTF-8"), saved: nil) == .twentyFourHour)
        #expect(FeedPolicy.clock(config: config(locale: "de_DE.UTF-8"), saved: nil) == .twentyFourHour)
        #expect(FeedPolicy.clock(config: config(), saved: nil) == .twentyFourHour)
        #expect(FeedPolicy.clock(config: config(locale: "en_US.UTF-8"), saved: AppSettings(clock: .twentyFourHour)) == .twentyFourHour)
        #expect(FeedPolicy.clock(config: config(locale: "de_DE.UTF-8", clock: .twelveHour), saved: AppSettings(clock: .twentyFourHour)) == .twelveHour)
    }

    @Test func theStateSpeaksTheRequestsLanguage() {
        var state = State(config: config(locale: "de_DE.UTF-8"), now: Date(timeIntervalSince1970: 0))
        #expect(state.language == Language(code: .de, region: "DE"))
        _ = state.reduce(.settingsLoaded(AppSettings(language: "ja")))
        #expect(state.language == Language(code: .ja))
        #expect(state.notice == nil)
    }

    @Test func aLanguageItDoesNotSpeakIsEnglishWithOneNotice() {
        var state = State(config: config(locale: "nl_NL.UTF-8"), now: Date(timeIntervalSince1970: 0))
        _ = state.reduce(.settingsLoaded(nil))
        #expect(state.language == .english)
        #expect(state.request.language == "nl-nl")  // the sources may still speak it
        #expect(state.notices.messages.count == 1)
        #expect(state.notice?.contains("nl-nl") == true)
    }

    @Test func aFlagsLanguageAndClockAreRememberedOnQuit() {
        let state = State(config: config(lang: "de", clock: .twelveHour), now: Date(timeIntervalSince1970: 0))
        #expect(state.fieldsKeptOnQuit.isSuperset(of: [.language, .clock]))
        #expect(state.settings.language == "de" && state.settings.clock == .twelveHour)
        #expect(!State(config: config(locale: "de_DE.UTF-8"), now: Date(timeIntervalSince1970: 0)).fieldsKeptOnQuit.contains(.language))
    }
}

/// Why a refresh gave nothing, in the run's language: the banner and `!` say it there; a server's
/// own words stay as it sent them.
@Suite struct FeedErrorLanguageTests {
    @Test func aFailedRefreshSaysWhyInGerman() {
        var state = ReducerTests.loaded(config: AppConfig(language: "de", refreshAfter: 1800))
        _ = state.pressR()
        _ = state.reduce(.feedLoaded(.failure(.network(.unreachable(host: "dataservice.accuweather.com")))))
        #expect(state.banner == .offline(savedAt: Make.t0, reason: "offline: dataservice.accuweather.com nicht erreichbar"))
        #expect(state.notices.messages.first?.text == "Aktualisierung fehlgeschlagen: offline: dataservice.accuweather.com nicht erreichbar")
    }

    @Test(arguments: Language.all)
    func everyErrorHasWordsInEveryLanguage(_ language: Language) {
        let errors: [FeedError] = [.noAPIKey, .offlineMode, .network(.unreachable(host: "h")), .network(.timedOut(host: "h", seconds: 2.5)),
                                   .network(.unauthorized(status: 401)), .network(.quotaExceeded), .network(.cancelled),
                                   .network(.certificateRejected(host: "h", detail: "expired")), .network(.unexpectedResponse(host: "h", detail: "d"))]
        for error in errors {
            let words = error.description(in: language)
            #expect(!words.isEmpty && !words.contains("{") && !words.hasPrefix("error."), "\(language.code): \(error)")
            if language == .english { #expect(words == error.errorDescription) }
        }
        #expect(FeedError.network(.server(code: "Unauthorized", message: "m", status: 401)).description(in: language) == "Unauthorized: m (401)")
    }
}

/// What a key press did, said in the run's language.
@Suite struct NoticeLanguageTests {
    @Test func pInsteadOfDOnATopCityIsAnsweredInFrench() {
        var state = ReducerTests.loaded(config: AppConfig(language: "fr", refreshAfter: 1800))
        _ = state.reduce(.removeCity(.ask))
        #expect(state.notice == "d retire vos villes (a en ajoute une)")
        _ = state.pressR()
        _ = state.reduce(.refresh)
        #expect(state.notice == "une actualisation est déjà en cours")
    }
}
