import Testing
import WeatherModels
@testable import WeatherCore

/// The map's reducer on its own: whether a detail is open is all it needs of the rest.
@Suite struct MapStateTests {
    @Test func vShowsTheMapFirstAndOnlyThenChangesItsLayer() {
        var map = MapState()
        #expect(map.reduce(.cycleMapLayer, detailShown: false) == .taken)
        #expect(map.shown && map.layer == .temperature)
        #expect(map.reduce(.cycleMapLayer, detailShown: true) == .taken, "over a detail, v shows the map as it is")
        #expect(map.layer == .temperature)
        #expect(map.reduce(.cycleMapLayer, detailShown: false) == .layerChanged)
        #expect(map.layer == MapLayer.temperature.next)
    }

    @Test func escClosesTheMapOnlyWhenNoDetailStandsOverIt() {
        var map = MapState()
        #expect(map.reduce(.closeDetail, detailShown: false) == .passed)
        _ = map.reduce(.toggleMap, detailShown: false)
        #expect(map.reduce(.closeDetail, detailShown: true) == .passed && map.shown, "Esc closes the detail first")
        #expect(map.reduce(.closeDetail, detailShown: false) == .taken && !map.shown)
    }

    @Test func theSavedLayerIsTakenAndASettingsFileWithoutOneMeansTemperature() {
        var map = MapState()
        _ = map.reduce(.settingsLoaded(AppSettings(mapLayer: .wind)), detailShown: false)
        #expect(map.layer == .wind)
        _ = map.reduce(.settingsLoaded(AppSettings()), detailShown: false)
        #expect(map.layer == .temperature)
    }
}
