#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic wall time for benchmarks only (the simulation never reads it).
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU time of the calling thread: what a single-threaded benchmark costs, undisturbed
/// by whatever else the machine runs (wall time on a shared 2-core box is noisy).
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Runs `body` (once untimed first when `warmUp`), then repeatedly until at least
/// `minSeconds` have passed on `clock` (wall time by default); returns (iterations, seconds).
@discardableResult
func measure(minSeconds: Double = 0.5, clock: () -> Double = monotonicSeconds, warmUp: Bool = true,
             _ body: () -> Void) -> (iterations: Int, seconds: Double) {
    if warmUp { body() }
    let start = clock()
    var n = 0
    var elapsed = 0.0
    repeat {
        body()
        n += 1
        elapsed = clock() - start
    } while elapsed < minSeconds
    return (n, elapsed)
}

/// `measure` in thread CPU seconds.
@discardableResult
func measureCPU(minSeconds: Double = 0.5, warmUp: Bool = true, _ body: () -> Void) -> (iterations: Int, seconds: Double) {
    measure(minSeconds: minSeconds, clock: threadCPUSeconds, warmUp: warmUp, body)
}

/// The runs of one series (a probe of one binary, or a peer's): min, median, max and
/// the spread (max - min) / median.
struct Stats {
    var values: [Double] = []

    var count: Int { values.count }
    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }
    var median: Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    /// (max - min) / median: 0.05 means every run lies within 5% of the median's size.
    var spread: Double {
        let m = median
        return m > 0 ? (max - min) / m : .nan
    }
}
