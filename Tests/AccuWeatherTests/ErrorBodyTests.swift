import Foundation
import Testing
import AccuWeather

/// AccuWeather's error body, as its answers carry it (`{Code, Message, Reference?}`).
@Suite struct ErrorBodyTests {
    @Test func theErrorBody() throws {
        let body = try JSONDecoder().decode(AccuWeatherErrorBody.self, from: Data(#"{"Code":"Unauthorized","Message":"Api Authorization failed","Reference":"/currentconditions/v1/topcities/50?apikey=abc"}"#.utf8))
        #expect(body.code == "Unauthorized" && body.reference?.contains("apikey") == true)
        let noReference = try JSONDecoder().decode(AccuWeatherErrorBody.self, from: Data(#"{"Code":"ServiceUnavailable","Message":"Limit"}"#.utf8))
        #expect(noReference.reference == nil)
    }
}
