import WeatherModels

/// One location's answer of `/v1/forecast` asked only for `minutely_15` (with
/// `timeformat=unixtime`): the quarters' times and precipitation, as Open-Meteo's documentation
/// lists them. Unknown fields are ignored; a missing block is a place with no nowcast, not an
/// answer refused.
struct OpenMeteoNowcast: Decodable, Equatable, Sendable {
    var latitude: Double?
    var longitude: Double?
    var minutely15: Minutely15?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude
        case minutely15 = "minutely_15"
    }

    /// Parallel arrays, one entry a quarter: its end (seconds since 1970) and the millimetres of
    /// the 15 minutes before it (`null` where the model has none).
    struct Minutely15: Decodable, Equatable, Sendable {
        var time: [Int]?
        var precipitation: [Double?]?

        /// The names Open-Meteo answers with, and the variables the request asks for (`time` aside).
        enum CodingKeys: String, CodingKey, CaseIterable {
            case time, precipitation
        }
    }

    /// The most quarters kept of one place: four days, far past what is asked for.
    static let mostQuarters = 384
    /// The most precipitation a quarter may hold, mm: past the heaviest ever measured in 15 minutes.
    static let highestPrecipitation = 500.0

    /// The app's model for a place at `latitude`, `longitude`, or nil when the answer says nothing
    /// usable: no times, times and values of different lengths (which value goes with which time
    /// is not known), or no quarter a quarter after the one before. Times stop at the first that is
    /// not 15 minutes after the one before; a value that is not a depth rain can have is absent.
    func nowcast(latitude: Double, longitude: Double) -> Nowcast? {
        guard let block = minutely15, let times = block.time, let values = block.precipitation,
              times.count == values.count, !times.isEmpty else { return nil }
        var quarters: [NowcastQuarter] = []
        for (time, value) in zip(times, values).prefix(Self.mostQuarters) {
            if let last = quarters.last {
                let step = time.subtractingReportingOverflow(last.epochTime)
                if step.overflow || step.partialValue != Int(Nowcast.quarter) { break }
            }
            quarters.append(NowcastQuarter(epochTime: time, precipitation: Self.depth(value)))
        }
        return Nowcast(quarters: quarters, native: NowcastCoverage.isNative(latitude: latitude, longitude: longitude))
    }

    private static func depth(_ value: Double?) -> Double? {
        guard let value, value.isFinite, (0...highestPrecipitation).contains(value) else { return nil }
        return UnitConversion.rounded(value, places: 2)
    }
}
