/// A small horizontal bar showing a day's min…max against the week's min…max (forecast rows).
public enum RangeBar {
    /// `width` cells: spaces outside the range, `━` inside it (at least one cell, so a flat day still shows).
    public static func bar(low: Double, high: Double, weekLow: Double, weekHigh: Double, width: Int) -> String {
        guard width > 0 else { return "" }
        let span = weekHigh - weekLow
        guard span > 0, low.isFinite, high.isFinite else { return String(repeating: "━", count: width) }
        func column(_ v: Double) -> Int {
            let f = (min(max(v, weekLow), weekHigh) - weekLow) / span
            guard f.isFinite else { return 0 }  // an infinite week (a damaged archive can hold one)
            return min(width - 1, max(0, Int((f * Double(width - 1)).rounded())))
        }
        let start = column(min(low, high)), end = max(start, column(max(low, high)))
        return String(repeating: " ", count: start)
            + String(repeating: "━", count: end - start + 1)
            + String(repeating: " ", count: width - end - 1)
    }
}
