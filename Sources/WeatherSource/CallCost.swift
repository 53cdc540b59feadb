/// What one request costs against a source's limits, by that source's own counting (docs/spec.md
/// §4 "What a request costs"): the one place each rule is written, so the budget, the ledger and
/// the scheduler count alike.
public enum CallCost {
    /// Open-Meteo's weight of a forecast request, as its servers count it (the free API's
    /// `calculateQueryWeight`, open-meteo/open-meteo issue #438, and its pricing page): each place
    /// weighs `max(1, variables / 10 × max(1, days / 14))`, fractions kept (15 variables are 1.5
    /// calls), and the places add up. `variables` counts every variable of every block asked for
    /// (`current`, `hourly`, `daily`), `time` aside; `days` is the span of data the answer covers.
    public static func openMeteo(places: Int, variables: Int, days: Double) -> Double {
        guard places > 0 else { return 0 }
        let variableShare = Double(max(variables, 0)) / openMeteoReferenceVariables
        let timeShare = max(1, days / openMeteoReferenceDays)
        return Double(places) * max(1, variableShare * timeShare)
    }

    /// Variables one Open-Meteo call covers.
    public static let openMeteoReferenceVariables = 10.0
    /// Days of data one Open-Meteo call covers.
    public static let openMeteoReferenceDays = 14.0

    /// AccuWeather counts requests: one for the Top Cities list and one for each own city it
    /// fetches on its own; a detail's forecast is two more (the 5 days and the 12 hours).
    public static func accuWeatherRefresh(ownCities: Int) -> Double {
        Double(1 + max(ownCities, 0))
    }

    /// AccuWeather's cost of one detail's forecast: the daily and the hourly request.
    public static let accuWeatherDetail = 2.0
}
