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

/// Runs `body` once to warm up, then repeatedly until at least `minSeconds` have passed
/// on `clock` (wall time by default); returns (iterations, seconds). Figures are
/// printed by the caller.
@discardableResult
func measure(minSeconds: Double = 0.5, clock: () -> Double = monotonicSeconds,
             _ body: () -> Void) -> (iterations: Int, seconds: Double) {
    body()
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

/// CPU time of the calling thread: what a single-threaded benchmark costs, undisturbed
/// by whatever else the machine runs (wall time on a shared 2-core box is noisy).
func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `measure` in thread CPU seconds.
@discardableResult
func measureCPU(minSeconds: Double = 0.5, _ body: () -> Void) -> (iterations: Int, seconds: Double) {
    measure(minSeconds: minSeconds, clock: threadCPUSeconds, body)
}
