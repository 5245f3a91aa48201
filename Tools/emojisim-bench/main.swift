#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Benchmarks, run in release: `swift run -c release emojisim-bench [name ...]`.
// Each benchmark lives in its own file and is listed here once. They print figures;
// none of them asserts a time (timings belong here, never in unit tests).

struct Benchmark {
    var name: String
    var summary: String
    var run: ([String]) -> Void
}

let allBenchmarks: [Benchmark] = [
    textBenchmark,
    panelBenchmark,
    RasterBench.benchmark,
    GIFBench.benchmark,
    InteractionBench.benchmark,
    InputBarBench.benchmark,
    PNGBench.benchmark,
    ListBench.benchmark,
    ListReceiveBench.benchmark,
    scenarioBenchmark,
    TypingBench.benchmark,
]

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains("--help") || requested.contains("-h") {
    print("usage: emojisim-bench [name ...]   (no name: all)\n")
    for b in allBenchmarks { print("  \(b.name): \(b.summary)") }
    exit(0)
}
let unknown = requested.filter { r in !allBenchmarks.contains { $0.name == r } }
if !unknown.isEmpty {
    var message = "error: unknown benchmark(s) \(unknown.joined(separator: ", "))\n"
    message.withUTF8 { buf in _ = write(2, buf.baseAddress, buf.count) }
    exit(2)
}
for b in allBenchmarks where requested.isEmpty || requested.contains(b.name) {
    print("== \(b.name): \(b.summary)")
    b.run([])
}
