import Testing
import WeatherHTTP
import AccuWeather

@Suite struct RedactionTests {
    @Test func masksTheQueryValueInAnyCase() {
        #expect(Redaction.redact("/topcities/50?apikey=abc123&language=en-us", apiKey: nil) == "/topcities/50?apikey=•••&language=en-us")
        #expect(Redaction.redact("GET /x?APIKEY=abc123", apiKey: nil) == "GET /x?apikey=•••")
        #expect(Redaction.redact("a?ApiKey=1&b=2&apikey=3#f", apiKey: nil) == "a?apikey=•••&b=2&apikey=•••#f")
    }

    @Test func masksTheLiteralKeyAnywhere() {
        #expect(Redaction.redact("key abc123 rejected, abc123!", apiKey: "abc123") == "key ••• rejected, •••!")
    }

    @Test func masksThePercentEncodedKey() {
        #expect(Redaction.redact("echo SECRET%2Fkey%2B0", apiKey: "SECRET/key+0") == "echo •••")
    }

    @Test func leavesOtherTextAlone() {
        #expect(Redaction.redact("daily request limit reached", apiKey: "abc123") == "daily request limit reached")
        #expect(Redaction.redact("", apiKey: "") == "")
    }
}

@Suite struct AccuWeatherErrorWordingTests {
    @Test func wordsOfSpecTable() {
        let host = "dataservice.accuweather.com"
        #expect(ServiceError.unreachable(host: host).errorDescription == "offline: cannot reach dataservice.accuweather.com")
        #expect(ServiceError.timedOut(host: host, seconds: 15).errorDescription == "offline: dataservice.accuweather.com did not answer within 15 s")
        #expect(ServiceError.timedOut(host: host, seconds: 0.5).errorDescription == "offline: dataservice.accuweather.com did not answer within 0.5 s")
        #expect(ServiceError.unauthorized(status: 401).errorDescription == "API key rejected (401): check ACCUWEATHER_API_KEY")
        #expect(ServiceError.quotaExceeded.errorDescription == "daily request limit reached")
        #expect(ServiceError.server(code: "BadRequest", message: "Invalid", status: 400).errorDescription == "BadRequest: Invalid (400)")
        #expect(ServiceError.unexpectedResponse(host: host, detail: "not JSON").errorDescription == "unexpected response from dataservice.accuweather.com (not JSON)")
    }
}
