import Foundation
import Testing
import WeatherModels
@testable import OpenMeteo

@Suite("The bundled top-cities list")
struct OpenMeteoTopCitiesTests {
    /// Rough bounds (south, north, west, east) of every country in the list; a country may need
    /// several boxes (Alaska, Hawaii, the Chatham Islands). Rough on purpose, but tight enough that a
    /// swapped latitude and longitude or a lost minus sign lands outside.
    static let countryBoxes: [String: [(Double, Double, Double, Double)]] = [
        "AE": [(22.5, 26.5, 51, 56.5)], "AF": [(29, 38.5, 60, 75)], "AM": [(38.8, 41.4, 43.4, 46.7)],
        "AO": [(-18.1, -4.3, 11.6, 24.1)], "AR": [(-55.1, -21.7, -73.6, -53.6)], "AT": [(46.3, 49.1, 9.5, 17.2)],
        "AU": [(-43.7, -10, 112.9, 153.7)], "AZ": [(38.3, 41.9, 44.7, 50.4)], "BD": [(20.6, 26.7, 88, 92.7)],
        "BE": [(49.5, 51.6, 2.5, 6.4)], "BG": [(41.2, 44.3, 22.3, 28.7)], "BO": [(-22.9, -9.6, -69.7, -57.4)],
        "BR": [(-33.8, 5.3, -74, -34.7)], "BY": [(51.2, 56.2, 23.1, 32.8)], "CA": [(41.6, 83.2, -141, -52.6)],
        "CD": [(-13.5, 5.4, 12.2, 31.4)], "CH": [(45.8, 47.9, 5.9, 10.5)], "CI": [(4.3, 10.8, -8.6, -2.4)],
        "CL": [(-56, -17.5, -75.7, -66.4)], "CN": [(18, 53.6, 73.5, 134.8)], "CO": [(-4.3, 13.4, -79, -66.8)],
        "CU": [(19.8, 23.3, -85, -74.1)], "CZ": [(48.5, 51.1, 12, 18.9)], "DE": [(47.2, 55.1, 5.8, 15.1)],
        "DK": [(54.5, 57.8, 8, 15.2)], "DZ": [(18.9, 37.1, -8.7, 12)], "EC": [(-5, 1.5, -81.1, -75.2)],
        "EG": [(22, 31.7, 24.7, 36.9)], "ES": [(35.9, 43.8, -9.4, 4.4)], "ET": [(3.4, 14.9, 32.9, 48)],
        "FI": [(59.8, 70.1, 20.5, 31.6)], "FR": [(41.3, 51.1, -5.2, 9.6)], "GB": [(49.9, 60.9, -8.7, 1.8)],
        "GE": [(41, 43.6, 40, 46.7)], "GH": [(4.7, 11.2, -3.3, 1.2)], "GR": [(34.8, 41.8, 19.3, 29.7)],
        "HK": [(22.1, 22.6, 113.8, 114.5)], "HU": [(45.7, 48.6, 16.1, 22.9)], "ID": [(-11, 6, 95, 141)],
        "IE": [(51.4, 55.4, -10.5, -6)], "IL": [(29.5, 33.3, 34.2, 35.9)], "IN": [(6.7, 35.5, 68.1, 97.4)],
        "IQ": [(29, 37.4, 38.8, 48.6)], "IR": [(25, 39.8, 44, 63.3)], "IS": [(63.3, 66.6, -24.5, -13.5)],
        "IT": [(36.6, 47.1, 6.6, 18.5)], "JO": [(29.2, 33.4, 34.9, 39.3)], "JP": [(24, 45.6, 122.9, 145.8)],
        "KE": [(-4.7, 5, 33.9, 41.9)], "KH": [(10.4, 14.7, 102.3, 107.6)], "KR": [(33.1, 38.6, 124.6, 131.9)],
        "KW": [(28.5, 30.1, 46.5, 48.4)], "KZ": [(40.6, 55.4, 46.5, 87.3)], "LB": [(33, 34.7, 35.1, 36.6)],
        "LK": [(5.9, 9.8, 79.6, 81.9)], "MA": [(27.6, 35.9, -13.2, -1)], "MG": [(-25.6, -12, 43.2, 50.5)],
        "MM": [(9.8, 28.5, 92.2, 101.2)], "MN": [(41.6, 52.1, 87.7, 119.9)], "MX": [(14.5, 32.7, -117.1, -86.7)],
        "MY": [(0.8, 7.4, 99.6, 119.3)], "NG": [(4.3, 13.9, 2.7, 14.7)], "NL": [(50.8, 53.6, 3.3, 7.2)],
        "NO": [(57.9, 71.2, 4.5, 31.1)], "NP": [(26.3, 30.5, 80, 88.2)],
        "NZ": [(-47.3, -34.4, 166.4, 178.6), (-44.4, -43.7, -176.9, -176.1)],
        "OM": [(16.6, 26.4, 52, 59.9)], "PA": [(7.2, 9.7, -83.1, -77.1)], "PE": [(-18.4, -0.03, -81.4, -68.6)],
        "PH": [(4.6, 21.2, 116.9, 126.6)], "PK": [(23.6, 37.1, 60.8, 77.8)], "PL": [(49, 54.9, 14.1, 24.2)],
        "PR": [(17.9, 18.6, -67.3, -65.2)], "PT": [(36.9, 42.2, -9.6, -6.1)], "PY": [(-27.7, -19.2, -62.7, -54.2)],
        "QA": [(24.4, 26.2, 50.7, 51.7)], "RO": [(43.6, 48.3, 20.2, 29.8)], "RS": [(42.2, 46.2, 18.8, 23.1)],
        "RU": [(41.1, 81.9, 19.6, 180), (64, 72, -180, -169)], "SA": [(16.3, 32.2, 34.5, 55.7)],
        "SE": [(55.3, 69.1, 11, 24.2)], "SG": [(1.2, 1.5, 103.6, 104.1)], "SN": [(12.3, 16.7, -17.6, -11.3)],
        "TH": [(5.6, 20.5, 97.3, 105.7)], "TN": [(30.2, 37.6, 7.5, 11.6)], "TR": [(35.8, 42.1, 25.6, 44.8)],
        "TW": [(21.9, 25.4, 119.3, 122.1)], "TZ": [(-11.8, -0.9, 29.3, 40.5)], "UA": [(44.3, 52.4, 22.1, 40.3)],
        "US": [(24.4, 49.4, -125, -66.9), (51, 71.5, -180, -129), (18.9, 22.3, -160.3, -154.8)],
        "UY": [(-35, -30, -58.5, -53)], "UZ": [(37.1, 45.6, 55.9, 73.2)], "VE": [(0.6, 12.3, -73.4, -59.8)],
        "VN": [(8.4, 23.4, 102.1, 109.5)], "ZA": [(-34.9, -22.1, 16.4, 32.9)],
    ]

    static func inCountry(_ city: TopCity) -> Bool {
        (countryBoxes[city.country.id] ?? []).contains { south, north, west, east in
            (south...north).contains(city.latitude) && (west...east).contains(city.longitude)
        }
    }

    /// Degrees of longitude between the city and the meridian its zone's standard time is set by.
    static func distanceFromZoneMeridian(_ city: TopCity) -> Double? {
        guard let zone = TimeZone(identifier: city.timeZone) else { return nil }
        let january = Date(timeIntervalSince1970: 1_736_899_200)  // 2025-01-15: standard time in the north
        let standardSeconds = Double(zone.secondsFromGMT(for: january)) - zone.daylightSavingTimeOffset(for: january)
        let difference = abs(standardSeconds / 3600 * 15 - city.longitude).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference)
    }

    @Test func thereAre150WithUniqueKeysAndNames() {
        let cities = OpenMeteoTopCities.all
        #expect(cities.count == 150)
        #expect(Set(cities.map(\.key)).count == 150)
        for city in cities {
            #expect(!city.key.isEmpty && !city.englishName.isEmpty && !city.country.englishName.isEmpty, "\(city.key)")
            #expect(city.country.id.count == 2, "\(city.englishName)")
            #expect(city.localizedNames.values.allSatisfy { !$0.isEmpty }, "\(city.englishName)")
            #expect(city.localizedCountryNames.values.allSatisfy { !$0.isEmpty }, "\(city.englishName)")
        }
    }

    @Test func everyCoordinateLiesInItsCountry() {
        for city in OpenMeteoTopCities.all {
            #expect(Self.countryBoxes[city.country.id] != nil, "no box for \(city.country.id)")
            #expect(Self.inCountry(city), "\(city.englishName) (\(city.country.id)) at \(city.latitude), \(city.longitude)")
        }
    }

    @Test func everyCoordinateIsNearItsTimeZonesMeridian() throws {
        for city in OpenMeteoTopCities.all {
            let distance = try #require(Self.distanceFromZoneMeridian(city), "unknown zone \(city.timeZone) of \(city.englishName)")
            #expect(distance < 25, "\(city.englishName) is \(distance)° from \(city.timeZone)'s meridian")
        }
    }

    @Test func theChecksCatchSwappedAndSignFlippedCoordinates() throws {
        let delhi = try #require(OpenMeteoTopCities.all.first { $0.englishName == "Delhi" })
        var swapped = delhi
        (swapped.latitude, swapped.longitude) = (delhi.longitude, delhi.latitude)
        #expect(!Self.inCountry(swapped))
        #expect(try #require(Self.distanceFromZoneMeridian(swapped)) > 25)
        let buenosAires = try #require(OpenMeteoTopCities.all.first { $0.englishName == "Buenos Aires" })
        var flipped = buenosAires
        flipped.longitude = -buenosAires.longitude
        #expect(!Self.inCountry(flipped))
        #expect(try #require(Self.distanceFromZoneMeridian(flipped)) > 25)
    }

    @Test func theFirst50AreAccuWeathersTopCitiesInTheAppsOrder() throws {
        struct CapturedCity: Decodable { var Key: String }
        let captured = try JSONDecoder().decode([CapturedCity].self, from: Fixture.data("Tests/Fixtures/accuweather/topcities-50-en-2017.json"))
        #expect(OpenMeteoTopCities.first(50).map(\.key) == captured.map(\.Key))
        #expect(OpenMeteoTopCities.first(100).count == 100)
        #expect(OpenMeteoTopCities.first(500).count == 150)
        #expect(OpenMeteoTopCities.first(-1).isEmpty)
    }

    @Test func theCompiledInCopyMatchesTheResourceFile() throws {
        let file = try JSONDecoder().decode([TopCity].self, from: Fixture.data("Resources/open-meteo/topcities.json"))
        #expect(file == OpenMeteoTopCities.all, "run scripts/make-top-cities")
    }

    @Test func namesFallBackToEnglish() throws {
        let tokyo = try #require(OpenMeteoTopCities.all.first { $0.key == "226396" })
        #expect(tokyo.name(in: "ja-jp") == "東京")
        #expect(tokyo.name(in: "JA-JP") == "東京")
        #expect(tokyo.name(in: "ja") == "東京")
        #expect(tokyo.name(in: "ru-ru") == "Токио")
        #expect(tokyo.name(in: "fr-fr") == "Tokyo")
        #expect(tokyo.countryName(in: "ja-jp") == "日本")
        #expect(tokyo.countryName(in: "en-us") == "Japan")
        let city = TopCity.make(names: ["pt-br": "Berlim", "xx": ""])
        #expect(city.name(in: "pt-pt") == "Berlim")
        #expect(city.name(in: "xx") == "Berlin")
    }
}
