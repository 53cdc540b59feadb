import Foundation
import Testing
import EssentialsSupport
import WeatherHTTP
import WeatherModels
@testable import WeatherAlerts

@Suite("The three sources' answers decoded")
struct AlertsDecodingTests {
    private func decode(_ body: Data, _ source: AlertSource) throws(ServiceError) -> DecodedAlerts {
        try AlertsClient.decode(body, source: source, by: decodingRequester)
    }

    private func refusal(_ body: String, _ source: AlertSource) -> ServiceError? {
        do {
            _ = try decode(Data(body.utf8), source)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Documented answers

    @Test func nwsFeaturesBecomeAlertsWithTheirSenderAndTheHazardsEnd() throws {
        let decoded = try decode(try Fixture.alerts("nws-active-documented.json"), .nws)
        #expect(decoded.notices.isEmpty)
        #expect(decoded.alerts.count == 2)
        let storm = try #require(decoded.alerts.first)
        #expect(storm.event == "Winter Storm Warning")
        #expect(storm.severity == .severe)
        #expect(storm.sender == "NWS Boulder CO")
        #expect(storm.source == .nws)
        #expect(storm.onset == date("2026-11-28T00:00:00Z"))
        // `ends` (the hazard's) rather than `expires` (the message's).
        #expect(storm.expires == date("2026-11-29T00:00:00Z"))
        #expect(storm.description?.hasPrefix("* WHAT...Heavy snow") == true)
        #expect(storm.instruction?.hasPrefix("If you must travel") == true)
        let wind = decoded.alerts[1]
        #expect(wind.severity == .minor)
        #expect(wind.onset == nil)
        #expect(wind.expires == date("2026-11-28T05:00:00Z"))
        #expect(wind.instruction == nil)
    }

    @Test func anEmptyCollectionIsCheckedAndNone() throws {
        let decoded = try decode(try Fixture.alerts("nws-none-documented.json"), .nws)
        #expect(decoded == DecodedAlerts(alerts: []))
    }

    @Test func metNorwayFeaturesTakeTheirNameAndTheirPeriodFromWhen() throws {
        let decoded = try decode(try Fixture.alerts("met-norway-current-documented.json"), .metNorway)
        #expect(decoded.notices.isEmpty)
        let gale = try #require(decoded.alerts.first)
        #expect(gale == WeatherAlert(
            event: "Gale", severity: .moderate,
            headline: "Gale, yellow level, Oslo and Akershus, 28 November 06:00 UTC to 28 November 18:00 UTC.",
            description: "Strong gusts of 25 m/s from the south-west.", instruction: "Secure loose objects outdoors.",
            onset: date("2026-11-28T06:00:00Z"), expires: date("2026-11-28T18:00:00Z"),
            sender: "MET Norway", source: .metNorway
        ))
    }

    @Test func brightSkyAlertsAreReadInEnglishWithTheDWDAsSender() throws {
        let decoded = try decode(try Fixture.alerts("bright-sky-alerts-documented.json"), .brightSky)
        let gusts = try #require(decoded.alerts.first)
        #expect(gusts.event == "wind gusts")
        #expect(gusts.headline == "Official WARNING of WIND GUSTS")
        #expect(gusts.severity == .minor)
        #expect(gusts.sender == "Deutscher Wetterdienst")
        #expect(gusts.instruction == nil)
        #expect(gusts.expires == date("2026-11-28T19:00:00Z"))
    }

    @Test func germanTextsStandInWhereTheEnglishAreMissing() throws {
        let body = try Fixture.editedElement("bright-sky-alerts-documented.json", list: "alerts", index: 0) { alert in
            alert["event_en"] = NSNull()
            alert["headline_en"] = NSNull()
        }
        let alert = try #require(try decode(body, .brightSky).alerts.first)
        #expect(alert.event == "WINDBÖEN")
        #expect(alert.headline == "Amtliche WARNUNG vor WINDBÖEN")
    }

    // MARK: What is not shown

    @Test func cancellationsTestsAndAllClearsAreLeftOut() throws {
        let cancelled = try Fixture.editedElement("nws-active-documented.json", list: "features", index: 0) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["messageType"] = "Cancel"
            feature["properties"] = properties
        }
        #expect(try decode(cancelled, .nws).alerts.map(\.event) == ["Wind Advisory"])
        let test = try Fixture.editedElement("nws-active-documented.json", list: "features", index: 1) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["status"] = "Test"
            feature["properties"] = properties
        }
        #expect(try decode(test, .nws).alerts.map(\.event) == ["Winter Storm Warning"])
        let allClear = try Fixture.editedElement("bright-sky-alerts-documented.json", list: "alerts", index: 0) { alert in
            alert["response_type"] = "allclear"
        }
        #expect(try decode(allClear, .brightSky).alerts.isEmpty)
        let metCancel = try Fixture.editedElement("met-norway-current-documented.json", list: "features", index: 0) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["type"] = "Cancel"
            feature["properties"] = properties
        }
        #expect(try decode(metCancel, .metNorway).alerts.isEmpty)
    }

    @Test func aSeverityWordNotInCAPIsUnknown() throws {
        #expect(AlertSeverity(sourceWord: "Severe") == .severe)
        #expect(AlertSeverity(sourceWord: "EXTREME") == .extreme)
        #expect(AlertSeverity(sourceWord: "orange") == .unknown)
        #expect([AlertSeverity.minor, .unknown, .extreme, .moderate].min() == .extreme)
    }

    // MARK: Hostile answers

    @Test func aWrongTypeInOneAlertSkipsThatAlertWithANotice() throws {
        let body = try Fixture.editedElement("nws-active-documented.json", list: "features", index: 0) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["severity"] = 3
            feature["properties"] = properties
        }
        let decoded = try decode(body, .nws)
        #expect(decoded.alerts.map(\.event) == ["Wind Advisory"])
        #expect(decoded.notices == ["alert skipped: alert 1: properties.severity has the wrong type"])
    }

    @Test func aDateThatIsNoDateSkipsItsAlertRatherThanShowAWrongTime() throws {
        let body = try Fixture.editedElement("bright-sky-alerts-documented.json", list: "alerts", index: 0) { alert in
            alert["expires"] = "tomorrow"
        }
        let decoded = try decode(body, .brightSky)
        #expect(decoded.alerts.isEmpty)
        #expect(decoded.notices == ["alert skipped: alert 1: expires is invalid"])
        let met = try Fixture.editedElement("met-norway-current-documented.json", list: "features", index: 0) { feature in
            feature["when"] = ["interval": ["2026-11-28T06:00:00+00:00", 7]]
        }
        #expect(try decode(met, .metNorway).notices.count == 1)
    }

    @Test func malformedGeoJSONIsRefused() {
        #expect(refusal(#"{"type": "Feature", "features": []}"#, .nws)
            == .unexpectedResponse(host: "alerts.test", detail: "not a GeoJSON FeatureCollection"))
        #expect(refusal(#"{"type": "FeatureCollection"}"#, .metNorway)
            == .unexpectedResponse(host: "alerts.test", detail: "features missing"))
        #expect(refusal(#"{"type": "FeatureCollection", "features": {}}"#, .nws)
            == .unexpectedResponse(host: "alerts.test", detail: "features has the wrong type"))
        #expect(refusal(#"{"alerts": "#, .brightSky) != nil)
        #expect(refusal("<html>maintenance</html>", .nws) != nil)
        #expect(refusal("[]", .brightSky) != nil)
    }

    @Test func aHugeDescriptionIsCapped() throws {
        let huge = String(repeating: "snow ", count: 200_000)
        let body = try Fixture.editedElement("nws-active-documented.json", list: "features", index: 0) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["description"] = huge
            properties["event"] = String(repeating: "E", count: 10_000)
            feature["properties"] = properties
        }
        let alert = try #require(try decode(body, .nws).alerts.first)
        #expect(alert.description?.count == AlertText.longLimit)
        #expect(alert.description?.hasSuffix("…") == true)
        #expect(alert.event.count == AlertText.shortLimit)
    }

    @Test func controlBytesAndBidiOverridesNeverReachTheTerminal() throws {
        let hostile = "Flood\u{1B}]2;pwned\u{07} \u{202E}gninraW\u{9B}31m"
        let body = try Fixture.editedElement("nws-active-documented.json", list: "features", index: 0) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["event"] = hostile
            properties["description"] = "line one\nline two\u{1B}[2J"
            feature["properties"] = properties
        }
        let alert = try #require(try decode(body, .nws).alerts.first)
        // The issuer's text is kept as it came; what reaches the terminal is `TerminalText`'s.
        #expect(alert.event == hostile)
        let shown = TerminalText.printable(alert.event)
        #expect(shown.unicodeScalars.allSatisfy(TerminalText.isInert))
        #expect(shown == "Flood\u{FFFD}]2;pwned\u{FFFD} \u{FFFD}gninraW\u{FFFD}31m")
        #expect(TerminalText.printable(alert.description ?? "", breaks: .keep) == "line one\nline two\u{FFFD}[2J")
    }

    @Test func anEmptyOrBlankTextIsNoText() throws {
        let body = try Fixture.editedElement("nws-active-documented.json", list: "features", index: 0) { feature in
            var properties = feature["properties"] as? [String: Any] ?? [:]
            properties["instruction"] = "  \n "
            properties["senderName"] = NSNull()
            feature["properties"] = properties
        }
        let alert = try #require(try decode(body, .nws).alerts.first)
        #expect(alert.instruction == nil)
        #expect(alert.sender == "National Weather Service")
    }
}

/// The sources' dates read strictly: a time that does not exist is no time, not another one.
@Suite struct AlertDateTests {
    @Test func isoDatesWithAnOffsetAreRead() {
        #expect(AlertDate.parse("2026-11-27T17:00:00-07:00") == date("2026-11-28T00:00:00Z"))
        #expect(AlertDate.parse("2026-11-28T06:00:00+00:00") == date("2026-11-28T06:00:00Z"))
        #expect(AlertDate.parse("2026-11-28T06:00Z") == date("2026-11-28T06:00:00Z"))
        #expect(AlertDate.parse("2026-11-28T06:00:00.5+01:00")?.timeIntervalSince1970 == date("2026-11-28T05:00:00Z").timeIntervalSince1970 + 0.5)
        #expect(AlertDate.parse("2024-02-29T00:00:00Z") != nil, "a leap day")
    }

    @Test func whatNamesNoInstantIsNoDate() {
        for text in ["2026-02-30T10:00:00Z", "2026-11-27T25:00:00Z", "2026-11-27T10:61:00Z", "2026-13-01T00:00:00Z",
                     "2026-11-27T10:00:00", "2026-11-27", "tomorrow", "", "2026-11-27T10:00:00+25:00", "2026-11-27T10:00:00Z trailing",
                     "2023-02-29T00:00:00Z"] {
            #expect(AlertDate.parse(text) == nil, "\(text)")
        }
    }
}
