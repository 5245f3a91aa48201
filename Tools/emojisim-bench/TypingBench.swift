import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `emojisim-bench typing`: how typing and receiving scale (issue 18, item 9). Runs
/// `emojisim run` on generated scripts, one process each, and reports wall and user time
/// and the peak resident memory of each run (from `wait4`, so runs do not share a peak):
/// - `tap input` then N lines of `type "x"`, N = 1,000, 10,000 and 20,000;
/// - typing in the middle: a 10,000-character text of words, the caret at 100, then N
///   lines of `type "x"`, N = 1,000 and 5,000;
/// - N lines of `receive` with a 10,000-character message, N = 100 and 300.
/// Linear work shows as time and memory growing like N (10k -> 20k doubles), quadratic
/// as four times; `µs/line` is user time over N (flat when each line costs O(1)).
/// The binaries run are the release `emojisim` beside this benchmark, or
/// those listed in `EMOJISIM_BENCH_BINARIES` (colon-separated; e.g. a build of the base
/// commit and one of the branch, measured in the same run). `EMOJISIM_BENCH_TIMEOUT`
/// (seconds, default 300) stops a run that takes longer (reported as such).
enum TypingBench {
    static var benchmark: Benchmark {
        Benchmark(name: "typing", summary: "emojisim run: 1k/10k/20k typed characters, 100/300 received 10k-character messages (time, peak memory)") { _ in run() }
    }

    struct Case { var name: String; var script: String; var lines: Int }

    static var cases: [Case] {
        var out: [Case] = []
        for n in [1_000, 10_000, 20_000] {
            out.append(Case(name: "type x \(n)", script: "tap input\n" + String(repeating: "type \"x\"\n", count: n), lines: n))
        }
        let words = String(repeating: "word ", count: 2_000)
        for n in [1_000, 5_000] {
            out.append(Case(name: "middle of 10k x \(n)",
                            script: "tap input\ntype \"\(words)\"\nselect 100 0\n" + String(repeating: "type \"x\"\n", count: n),
                            lines: n))
        }
        let long = String(repeating: "y", count: 10_000)
        for n in [100, 300] {
            out.append(Case(name: "receive 10k x \(n)", script: String(repeating: "receive \"\(long)\"\n", count: n), lines: n))
        }
        return out
    }

    struct Measurement { var wall: Double; var user: Double; var peakKB: Int; var status: Int32; var timedOut: Bool }

    /// Runs `argv` to completion (killed after `timeout` seconds); its own rusage.
    static func measure(_ argv: [String], timeout: Double) -> Measurement? {
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cargs = argv.map { strdup($0) }
        cargs.append(nil)
        defer { for p in cargs { free(p) } }
        let start = monotonicSeconds()
        guard posix_spawn(&pid, argv[0], &actions, nil, cargs, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 { return nil }
            if monotonicSeconds() - start > timeout && !timedOut { kill(pid, SIGKILL); timedOut = true }
            usleep(20_000)
        }
        let wall = monotonicSeconds() - start
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return Measurement(wall: wall, user: user, peakKB: Int(usage.ru_maxrss), status: status, timedOut: timedOut)
    }

    static func run() {
        let env = ProcessInfo.processInfo.environment
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binaries = env["EMOJISIM_BENCH_BINARIES"].map { $0.split(separator: ":").map(String.init) }
            ?? [here.appendingPathComponent("emojisim").path]
        let timeout = env["EMOJISIM_BENCH_TIMEOUT"].flatMap(Double.init) ?? 300
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-bench-typing-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("  case                 binary                                   wall s   user s   peak MB   µs/line")
        for c in cases {
            let file = folder.appendingPathComponent(c.name.replacingOccurrences(of: " ", with: "-") + ".scenario")
            guard (try? c.script.write(to: file, atomically: true, encoding: .utf8)) != nil else {
                print("  cannot write \(file.path)"); return
            }
            for b in binaries {
                guard FileManager.default.isExecutableFile(atPath: b) else { print("  \(b): not an executable"); continue }
                guard let m = measure([b, "run", file.path, "--record", "never"], timeout: timeout) else {
                    print("  \(b): cannot run"); continue
                }
                let note = m.timedOut ? "  (killed after \(Int(timeout)) s)" : (m.status != 0 ? "  (exit status \(m.status))" : "")
                let shown = b.count > 40 ? "…" + b.suffix(39) : b
                print("  " + pad(c.name, 20) + " " + pad(String(shown), 40) + " " + lpad(String(format: "%.2f", m.wall), 7)
                      + "  " + lpad(String(format: "%.2f", m.user), 7) + "  " + lpad(String(format: "%.1f", Double(m.peakKB) / 1024), 8)
                      + "  " + lpad(String(format: "%.1f", m.user * 1e6 / Double(c.lines)), 8) + note)
            }
        }
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    static func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
}
