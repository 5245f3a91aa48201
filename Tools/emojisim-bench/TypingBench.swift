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
/// as four times; the cost is CPU time (user + system) per line (flat when each line
/// costs O(1)). The binary run is the release `emojisim` beside this benchmark (with
/// `--baseline REV`, each side runs its own: the baseline builds it too).
/// `EMOJISIM_BENCH_TIMEOUT` (seconds, default 300) stops a run that takes longer (a
/// failed run).
enum TypingBench {
    static var benchmark: Benchmark {
        Benchmark(name: "typing", summary: "emojisim run: 1k/10k/20k typed characters, 100/300 received 10k-character messages (CPU time, peak memory)",
                  slice: 0, rounds: 5...5, products: ["emojisim"], setup: setup, report: report)
    }

    static func key(_ c: Case) -> String { c.name.replacingOccurrences(of: " ", with: "-") }

    static func report(_ m: Medians) -> [Figure] {
        var out: [Figure?] = []
        for c in cases {
            out.append(.time("\(c.name): CPU per line", seconds: m[key(c)]))
            out.append(.count("\(c.name): peak memory", m.fact("peak:" + key(c)).map { ($0 / 1024 * 10).rounded() / 10 }, unit: "MB"))
        }
        return out.compactMap { $0 }
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

    struct Measurement { var wall: Double; var cpu: Double; var peakKB: Int; var status: Int32; var timedOut: Bool }

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
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return Measurement(wall: wall, cpu: cpu, peakKB: Int(usage.ru_maxrss), status: status, timedOut: timedOut)
    }

    static func setup() -> BenchSession {
        let env = ProcessInfo.processInfo.environment
        let here = URL(fileURLWithPath: Driver.selfPath).deletingLastPathComponent()
        let binary = here.appendingPathComponent("emojisim").path
        let timeout = env["EMOJISIM_BENCH_TIMEOUT"].flatMap(Double.init) ?? 300
        let folder = BenchEnvironment.scratchFolder("typing")
        let out = BenchSession(notes: ["binary: \(binary)"], finish: { try? FileManager.default.removeItem(at: folder) })
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            out.notes.append("\(binary): not an executable (swift build -c release --product emojisim)")
            return out
        }
        for c in cases {
            let file = folder.appendingPathComponent(key(c) + ".scenario")
            guard (try? c.script.write(to: file, atomically: true, encoding: .utf8)) != nil else {
                out.notes.append("cannot write \(file.path)")
                return out
            }
            out.probes.append(Probe(key(c), c.name + " (a line)") { _ in
                guard let m = measure([binary, "run", file.path, "--record", "never"], timeout: timeout), !m.timedOut, m.status == 0 else {
                    return .nan
                }
                out.facts["peak:" + key(c)] = max(out.facts["peak:" + key(c)] ?? 0, Double(m.peakKB))
                return m.cpu / Double(c.lines)
            })
        }
        return out
    }

}
