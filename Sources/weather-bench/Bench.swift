import Foundation

/// A timed measurement: the best of several rounds (least noise), in seconds per operation.
struct BenchResult {
    var name: String
    var secondsPerOp: Double
    var note: String = ""
}

/// Times `body` in `rounds` rounds of `iterations` calls and keeps the fastest round.
func measure(_ name: String, iterations: Int = 20, rounds: Int = 5, warmUp: Bool = true, note: String = "", _ body: () throws -> Void) rethrows -> BenchResult {
    if warmUp { try body() }
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try body() }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = min(best, elapsed / Double(iterations))
    }
    return BenchResult(name: name, secondsPerOp: best, note: note)
}

/// Prints results as a table; each row also as a ratio to `baseline` (a row measured in the same run).
func printTable(_ title: String, _ results: [BenchResult], baseline: String) {
    let base = results.first { $0.name == baseline }?.secondsPerOp ?? results.first?.secondsPerOp ?? 1
    print("\n## \(title)\n")
    let width = max(40, results.map(\.name.count).max() ?? 0)
    print("\("case".padding(toLength: width, withPad: " ", startingAt: 0))  \("time".leftPad(12))  \("ratio".leftPad(8))  note")
    for r in results {
        print("\(r.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(formatSeconds(r.secondsPerOp).leftPad(12))  \(String(format: "%.2f×", r.secondsPerOp / base).leftPad(8))  \(r.note)")
    }
    print("(ratio against: \(baseline))")
}

func formatSeconds(_ s: Double) -> String {
    if s < 1e-3 { return String(format: "%.1f µs", s * 1e6) }
    if s < 1 { return String(format: "%.3f ms", s * 1e3) }
    return String(format: "%.3f s", s)
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
