import Foundation

// Benchmarks, run in release: `swift run -c release emojisim-bench [name ...] [--baseline REV]`.
// Each benchmark lives in its own file and is listed once in Registry.swift. They print
// figures; none of them asserts a time (timings belong here, never in unit tests).

let usage = """
    usage: emojisim-bench [name ...] [--baseline REV] [--rounds N | --rounds MIN-MAX]
      no name: every benchmark
      --baseline REV  build REV (a commit, branch or tag of this repository) in release with
                      today's benchmark code in .build/bench-baselines/ and report every
                      figure of today beside REV's, measured interleaved in one run
      --rounds        rounds of runs (default per benchmark, usually 5-9: more until the
                      spread is within 5%)

    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data(("error: " + message + "\n").utf8))
    exit(status)
}

var args = Array(CommandLine.arguments.dropFirst())
if args.contains("--help") || args.contains("-h") {
    print(usage)
    for b in allBenchmarks { print("  \(b.name): \(b.summary)") }
    exit(0)
}
// The child side of `--baseline` (see RemoteProbes): one benchmark served on stdin/stdout.
if args.first == "--serve" {
    guard args.count == 2, let b = allBenchmarks.first(where: { $0.name == args[1] }) else {
        fail("--serve NAME: no benchmark \(args.dropFirst().joined(separator: " ")) in this build")
    }
    RemoteProbes.serve(b)
}
var baselineRevision: String?
var forcedRounds: ClosedRange<Int>?
var names: [String] = []
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--baseline":
        guard let r = args.first, !r.hasPrefix("-") else { fail("--baseline needs a revision") }
        baselineRevision = args.removeFirst()
        _ = r
    case "--rounds":
        guard let r = args.first else { fail("--rounds needs N or MIN-MAX") }
        args.removeFirst()
        let parts = r.split(separator: "-").compactMap { Int($0) }
        guard (parts.count == 1 || parts.count == 2), parts.allSatisfy({ $0 >= 1 && $0 <= 1000 }), parts.first! <= parts.last! else {
            fail("--rounds \(r): give N or MIN-MAX (1...1000)")
        }
        forcedRounds = parts.first!...parts.last!
    default:
        if a.hasPrefix("-") { fail("unknown option \(a)\n" + usage) }
        names.append(a)
    }
}
let unknown = names.filter { n in !allBenchmarks.contains { $0.name == n } }
if !unknown.isEmpty { fail("unknown benchmark(s) \(unknown.joined(separator: ", ")) (--help lists them)") }
let selected = allBenchmarks.filter { names.isEmpty || names.contains($0.name) }

#if DEBUG
print("warning: a debug build; figures come from release builds (swift run -c release emojisim-bench)")
#endif
var baseline: BaselineBuild?
if let rev = baselineRevision {
    do { baseline = try Baseline.build(rev, benchmarks: selected, all: allBenchmarks) } catch { fail(error.description, status: 1) }
}
func load() -> String { ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: " ") }
let loadBefore = load()
print("emojisim-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, load \(loadBefore)"
      + (baseline.map { "; baseline \($0.label): \($0.benchPath)" } ?? ""))
for b in selected { Driver.run(b, baseline: baseline, rounds: forcedRounds) }
print("load \(loadBefore) -> \(load())")
