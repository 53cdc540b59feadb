import Foundation
import Testing
@testable import WeatherCore
import WeatherModels
@testable import WeatherTUI

/// The header's cost line names what the kept places' nowcasts cost each half hour.
@Suite struct HeaderNowcastCostTests {
    @Test func theCostIsNamedOnlyWhenThereIsOne() {
        #expect(HeaderView.nowcastCost(5) == "rain: 5 calls/30 min")
        #expect(HeaderView.nowcastCost(0) == nil)
    }

    @Test func keptPlacesOfALiveSourceShowTheirNowcastsCost() {
        // Places the nowcast can be asked for: with coordinates.
        let cities = HabitsTests.cities(5).map { city -> CityWeather in
            var city = city
            city.geoPosition = GeoPosition(latitude: 1, longitude: 2)
            return city
        }
        var state = ViewFixtures.state(cities)
        state.pinned = [PinnedCity(key: "k1", name: "City 001", latitude: 1, longitude: 2), PinnedCity(key: "k3", name: "City 003", latitude: 1, longitude: 2)]
        #expect(HeaderView.Content(state).nowcastCalls == 2)
        #expect(HeaderView.text(HeaderView.Content(state), width: 200).contains("rain: 2 calls/30 min"))
        state.config.offline = true
        #expect(HeaderView.Content(state).nowcastCalls == 0, "an offline run asks nothing")
    }
}
