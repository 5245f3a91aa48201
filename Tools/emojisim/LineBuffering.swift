// `stdout` is a C global that Swift 6 calls shared mutable state; it is touched once,
// on the main thread, before anything is printed.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Makes standard output line-buffered, as a terminal has it, also when it is a pipe or
/// a file: with stdout and stderr merged into one CI log, a block-buffered stdout put
/// every progress line (stderr, unbuffered) before the results, and a 4 KB block once
/// ended inside a result line that a progress line then split.
@MainActor func makeStandardOutputLineBuffered() {
    setvbuf(stdout, nil, _IOLBF, 0)
}
