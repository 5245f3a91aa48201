import Foundation
import EmojiSimCoreABI
#if canImport(Glibc)
import Glibc
#endif

// The native side of the wasm figures (Tools/wasm/bench.sh).
//
//     wasm-reference --bench OUT PANEL_FRAMES RENDER_FRAMES [cpu|wall]
// writes, for each workload W (CoreABI.BenchWorkload), OUT/bench-W.bundle (the font,
// the demo catalog's images, and one `bench W` record: FRAMES, W's warm-up frames and the clock, wall by default) and
// OUT/bench-W-base.bundle (the same with 0 timed frames: the baseline of a whole-process
// timing), and runs bench-W.bundle natively into OUT/bench-W.native.report.
//
//     wasm-reference --bench-table OUT
// reads OUT/round-N/bench-W.{native,wasmkit,node,node-inl}.report for each round N (or
// OUT/bench-W.* as a single round; and bench-W.wasmkit.process, "FULL_WALL FULL_CPU
// BASE_WALL BASE_CPU" nanoseconds of two whole `wasmkit run` processes) and prints the
// table: times pooled over the rounds, ratios to native taken within each round.

/// Nanoseconds of this thread's CPU time or of the monotonic clock: what the benches
/// time frames with natively.
func nativeClock(_ which: CoreABI.BenchClock) -> Int64 {
    var ts = timespec()
    clock_gettime(which == .cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}

func benchMain(_ args: [String]) -> Int32 {
    func usage() -> Int32 {
        FileHandle.standardError.write(Data("usage: wasm-reference --bench OUT PANEL_FRAMES RENDER_FRAMES [cpu|wall] | --bench-table OUT\n".utf8))
        return 2
    }
    guard args.count >= 2 else { return usage() }
    let out = URL(fileURLWithPath: args[1])
    if args[0] == "--bench-table" { return benchTable(out) }
    let clock = args.count == 5 ? args[4] : "wall"
    guard args.count == 4 || args.count == 5, let panel = Int(args[2]), let render = Int(args[3]),
          clock == "cpu" || clock == "wall" else {
        return usage()
    }
    do {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // The assets a demo-catalog screen needs (the benches' setups name no others).
        let assets = try assetRecords("device iphone8\nconversation demo\n", name: "<bench>", directory: out)
        var failed = 0
        for w in CoreABI.BenchWorkload.allCases {
            let frames = w == .panelFling ? panel : render
            let bundle = assets + record("bench", w.name, Array("\(frames) \(w.warmupFrames) \(clock)".utf8))
            let base = assets + record("bench", w.name, Array("0 \(w.warmupFrames) \(clock)".utf8))
            try Data(bundle).write(to: out.appendingPathComponent("bench-\(w.name).bundle"))
            try Data(base).write(to: out.appendingPathComponent("bench-\(w.name)-base.bundle"))
            let (report, failures) = runRecords(bundle)
            failed += failures
            try Data(report.utf8).write(to: out.appendingPathComponent("bench-\(w.name).native.report"))
        }
        return failed == 0 ? 0 : 1
    } catch {
        FileHandle.standardError.write(Data("wasm-reference --bench: \(error)\n".utf8))
        return 1
    }
}

/// One runtime's run of one workload: its summary line and each timed frame.
struct BenchRun {
    var summary: String
    var nanoseconds: [Int64]

    init(summary: String, nanoseconds: [Int64]) {
        self.summary = summary
        self.nanoseconds = nanoseconds
    }

    init?(report: String) {
        let lines = report.split(separator: "\n").map(String.init)
        guard let s = lines.first(where: { $0.hasPrefix("bench ") }),
              let ns = lines.first(where: { $0.hasPrefix("ns") }) else { return nil }
        summary = String(s.dropFirst("bench ".count))
        nanoseconds = ns.split(separator: " ").dropFirst().compactMap { Int64($0) }
    }

    /// The q-quantile (0...1) by the nearest-rank method: a time some frame took.
    func quantile(_ q: Double) -> Double {
        let sorted = nanoseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = max(1, Int((q * Double(sorted.count)).rounded(.up)))
        return Double(sorted[min(rank, sorted.count) - 1])
    }

    var mean: Double { nanoseconds.isEmpty ? .nan : Double(nanoseconds.reduce(0, +)) / Double(nanoseconds.count) }
}

/// The median of some values (the mean of the middle two for an even count).
func medianOf(_ v: [Double]) -> Double {
    let s = v.sorted()
    guard !s.isEmpty else { return .nan }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The table of `bench.sh`: OUT/round-N/ (one folder a round, runtimes interleaved within
/// it), or OUT itself as one round. Times are pooled over the rounds; each ratio to native
/// is taken within a round (the round's median over native's median of the same round)
/// and printed as the median over the rounds with its range.
func benchTable(_ out: URL) -> Int32 {
    let fm = FileManager.default
    let roundNames = ((try? fm.contentsOfDirectory(atPath: out.path)) ?? [])
        .filter { $0.hasPrefix("round-") }
        .sorted { (Int($0.dropFirst(6)) ?? 0) < (Int($1.dropFirst(6)) ?? 0) }
    let rounds = roundNames.isEmpty ? [out] : roundNames.map { out.appendingPathComponent($0) }
    func read(_ dir: URL, _ name: String) -> String? { try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8) }
    func time(_ ns: Double) -> String {
        guard ns.isFinite else { return "-" }
        if ns >= 10_000_000 { return String(format: "%.1f ms", ns / 1e6) }
        if ns >= 1_000_000 { return String(format: "%.2f ms", ns / 1e6) }
        return String(format: "%.1f us", ns / 1e3)
    }
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
    var status: Int32 = 0
    print("\(rounds.count) round(s); median/native: the median over the rounds of each round's ratio [its range]; "
          + "best/native: the runtime's fastest round median over native's (a busy machine only adds time, so "
          + "the fastest rounds are the least disturbed); times pooled over the rounds")
    print(pad("workload", 15) + pad("runtime", 9) + pad("frames", 8) + pad("median", 11) + pad("p95", 11)
          + pad("mean", 11) + pad("median/native", 24) + pad("best/native", 13) + "p95/native")
    var notes: [String] = []
    for w in CoreABI.BenchWorkload.allCases {
        let natives = rounds.map { read($0, "bench-\(w.name).native.report").flatMap(BenchRun.init(report:)) }
        guard natives.allSatisfy({ $0 != nil }), let first = natives.first ?? nil else {
            print("\(w.name): no native report"); status = 1; continue
        }
        let nativePooled = BenchRun(summary: first.summary, nanoseconds: natives.flatMap { $0!.nanoseconds })
        for rt in ["native", "wasmkit", "node", "node-inl"] {
            var runs: [BenchRun] = []
            var ratios: [Double] = []
            var failed = false
            for (i, dir) in rounds.enumerated() {
                guard let text = read(dir, "bench-\(w.name).\(rt).report") else { continue }
                guard let run = BenchRun(report: text) else {
                    print(pad(w.name, 15) + pad(rt, 9) + "failed: " + text.split(separator: "\n").joined(separator: " | "))
                    status = 1
                    failed = true
                    break
                }
                if run.summary != first.summary {
                    notes.append("DIFFERENT WORK \(w.name) \(rt) (round \(i + 1)): \(run.summary) vs native \(first.summary)")
                    status = 1
                }
                runs.append(run)
                ratios.append(run.quantile(0.5) / natives[i]!.quantile(0.5))
                if rt == "wasmkit", let process = read(dir, "bench-\(w.name).wasmkit.process") {
                    // "FULL_WALL FULL_CPU BASE_WALL BASE_CPU" (bench.sh)
                    let f = process.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
                    if f.count == 4, !run.nanoseconds.isEmpty {
                        let n = Double(run.nanoseconds.count)
                        notes.append("\(w.name) wasmkit (round \(i + 1)), whole process minus a 0-frame baseline, per frame: wall (\(time(f[0])) - \(time(f[2]))) / \(run.nanoseconds.count) = \(time((f[0] - f[2]) / n)), CPU (\(time(f[1])) - \(time(f[3]))) / \(run.nanoseconds.count) = \(time((f[1] - f[3]) / n)) (in-module clock: mean \(time(run.mean)))")
                    }
                }
            }
            guard !failed, !runs.isEmpty else { continue }
            let pooled = BenchRun(summary: runs[0].summary, nanoseconds: runs.flatMap { $0.nanoseconds })
            let m = pooled.quantile(0.5), p = pooled.quantile(0.95)
            let ratio = String(format: "%.2fx [%.2f-%.2f]", medianOf(ratios), ratios.min()!, ratios.max()!)
            let best = runs.map { $0.quantile(0.5) }.min()! / natives.map { $0!.quantile(0.5) }.min()!
            print(pad(w.name, 15) + pad(rt, 9) + pad("\(pooled.nanoseconds.count)", 8) + pad(time(m), 11) + pad(time(p), 11)
                  + pad(time(pooled.mean), 11) + pad(ratio, 24) + pad(String(format: "%.2fx", best), 13)
                  + String(format: "%.2fx", p / nativePooled.quantile(0.95)))
            if rounds.count > 1 {
                notes.append("\(w.name) \(rt) per round: medians " + runs.map { time($0.quantile(0.5)) }.joined(separator: ", ")
                             + "; ratios " + ratios.map { String(format: "%.2fx", $0) }.joined(separator: ", "))
            }
        }
        notes.append("\(w.name) work: \(first.summary)")
    }
    for n in notes { print(n) }
    return status
}
