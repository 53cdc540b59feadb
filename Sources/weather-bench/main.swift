@preconcurrency import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Benchmark sections, each in its own file; `weather-bench [section…]` runs the named ones.
let sections: [(name: String, run: () throws -> Void)] = [
    ("archive", runArchiveBench),
    ("render", runRenderBench),
    ("growth", runGrowthBench),
]

setvbuf(stdout, nil, _IOLBF, 0)  // show each table as it is done, also through a pipe
let wanted = Set(CommandLine.arguments.dropFirst())
for section in sections where wanted.isEmpty || wanted.contains(section.name) {
    try section.run()
}
