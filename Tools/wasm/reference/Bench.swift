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
// reads OUT/bench-W.{native,wasmkit,node}.report (and OUT/bench-W.wasmkit.process,
// "FULL_WALL FULL_CPU BASE_WALL BASE_CPU" nanoseconds of two whole `wasmkit run`
// processes) and prints the table.

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

func benchTable(_ out: URL) -> Int32 {
    func read(_ name: String) -> String? { try? String(contentsOf: out.appendingPathComponent(name), encoding: .utf8) }
    func time(_ ns: Double) -> String {
        guard ns.isFinite else { return "-" }
        if ns >= 10_000_000 { return String(format: "%.1f ms", ns / 1e6) }
        if ns >= 1_000_000 { return String(format: "%.2f ms", ns / 1e6) }
        return String(format: "%.1f us", ns / 1e3)
    }
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
    var status: Int32 = 0
    print(pad("workload", 15) + pad("runtime", 9) + pad("frames", 8) + pad("median", 11) + pad("p95", 11)
          + pad("mean", 11) + pad("median/native", 15) + "p95/native")
    var notes: [String] = []
    for w in CoreABI.BenchWorkload.allCases {
        guard let native = read("bench-\(w.name).native.report").flatMap(BenchRun.init(report:)) else {
            print("\(w.name): no native report"); status = 1; continue
        }
        for rt in ["native", "wasmkit", "node"] {
            guard let text = read("bench-\(w.name).\(rt).report") else { continue }
            guard let run = BenchRun(report: text) else {
                print(pad(w.name, 15) + pad(rt, 9) + "failed: " + text.split(separator: "\n").joined(separator: " | "))
                status = 1
                continue
            }
            if run.summary != native.summary {
                notes.append("DIFFERENT WORK \(w.name) \(rt): \(run.summary) vs native \(native.summary)")
                status = 1
            }
            let m = run.quantile(0.5), p = run.quantile(0.95)
            print(pad(w.name, 15) + pad(rt, 9) + pad("\(run.nanoseconds.count)", 8) + pad(time(m), 11) + pad(time(p), 11)
                  + pad(time(run.mean), 11) + pad(String(format: "%.1fx", m / native.quantile(0.5)), 15)
                  + String(format: "%.1fx", p / native.quantile(0.95)))
            if rt == "wasmkit", let process = read("bench-\(w.name).wasmkit.process") {
                // "FULL_WALL FULL_CPU BASE_WALL BASE_CPU" (bench.sh)
                let f = process.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
                if f.count == 4, !run.nanoseconds.isEmpty {
                    let n = Double(run.nanoseconds.count)
                    notes.append("\(w.name) wasmkit, whole process minus a 0-frame baseline, per frame: wall (\(time(f[0])) - \(time(f[2]))) / \(run.nanoseconds.count) = \(time((f[0] - f[2]) / n)), CPU (\(time(f[1])) - \(time(f[3]))) / \(run.nanoseconds.count) = \(time((f[1] - f[3]) / n)) (in-module clock: mean \(time(run.mean)))")
                }
            }
        }
        notes.append("\(w.name) work: \(native.summary)")
    }
    for n in notes { print(n) }
    return status
}
