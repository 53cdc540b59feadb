/// Where Open-Meteo's 15-minute data is its models' own: its documentation says "only available
/// in Central Europe and North America. Other regions use interpolated hourly data". The regions
/// are those of the models that give it (DWD's ICON-D2 and Météo-France's AROME over central
/// Europe, NOAA's HRRR over the United States, Canada's HRDPS), taken as boxes.
public enum NowcastCoverage {
    /// A box of latitudes and longitudes, degrees.
    struct Box {
        var south: Double, north: Double, west: Double, east: Double

        func contains(latitude: Double, longitude: Double) -> Bool {
            (south...north).contains(latitude) && (west...east).contains(longitude)
        }
    }

    /// Central Europe: ICON-D2's and AROME's domains together.
    static let centralEurope = Box(south: 41, north: 58, west: -6, east: 20)
    /// North America: HRRR's continental United States and HRDPS's southern Canada.
    static let northAmerica = Box(south: 21, north: 60, west: -135, east: -60)

    /// Whether a place's 15-minute data is native, not interpolated from hourly data.
    public static func isNative(latitude: Double, longitude: Double) -> Bool {
        [centralEurope, northAmerica].contains { $0.contains(latitude: latitude, longitude: longitude) }
    }
}
