@preconcurrency import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Benchmark sections, each in its own file; `weather-bench [section…]` runs the named ones, and
/// without names every one (`keys` is the end of `render`: alone only when named).
let sections: [(name: String, run: () throws -> Void)] = [
    ("archive", runArchiveBench),
    ("render", runRenderBench),
    ("growth", runGrowthBench),
    ("zone", runZoneBench),
    ("alerts", runAlertsBench),
]

setvbuf(stdout, nil, _IOLBF, 0)  // show each table as it is done, also through a pipe
// `weather-bench save-demo-archive DIR`: the 150 demo cities saved in DIR as a fetch saves a feed,
// for the start-up benchmarks.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "save-demo-archive" {
    try saveDemoArchive(in: URL(fileURLWithPath: CommandLine.arguments[2]))
    exit(0)
}
let wanted = Set(CommandLine.arguments.dropFirst())
for section in sections where wanted.isEmpty || wanted.contains(section.name) {
    try section.run()
}
if wanted.contains("keys") && !wanted.contains("render") {
    try runKeystrokeBench()
}
if wanted.isEmpty || wanted.contains("response") {
    try await runResponseBench()
}
