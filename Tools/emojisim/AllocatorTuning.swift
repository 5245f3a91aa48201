#if canImport(Glibc)
import Glibc
#endif

/// How the CLI asks glibc's allocator to keep large blocks for reuse.
///
/// glibc serves a block of 32 MiB or more with its own `mmap` and returns it with
/// `munmap` on free, so every such block is new memory that the kernel zeroes page by
/// page as it is first touched. A GIF of a 4096x4096 canvas costs a 64 MB canvas per
/// decoded frame; eight of them in one message, recorded with `run --gif`, took 7.5
/// million page faults (21.7 s of kernel time for 3.3 s of work; issue 47). Raising the
/// mmap threshold to 256 MiB and the trim threshold to 1 GiB lets freed canvases be
/// reused from the heap instead: the same run takes 0.5 s of kernel time, its GIF
/// byte-identical, its peak memory 624 MB instead of 568 MB (the decoded-image budgets
/// still bound what is live).
enum AllocatorTuning {
    /// Blocks up to this size come from the heap and are reused after a free.
    static let mmapThreshold: Int32 = 256 << 20
    /// Free memory at the top of the heap kept rather than returned to the system.
    static let trimThreshold: Int32 = 1 << 30

    /// Applies both thresholds (glibc only; elsewhere it does nothing).
    /// - Returns: Whether the allocator took them.
    @discardableResult
    static func apply() -> Bool {
        #if canImport(Glibc)
        // Glibc's module map leaves out <malloc.h>: mallopt is looked up by name, and its
        // parameters are malloc.h's M_TRIM_THRESHOLD (-1) and M_MMAP_THRESHOLD (-3).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        return mallopt(-3, mmapThreshold) == 1 && mallopt(-1, trimThreshold) == 1
        #else
        return false
        #endif
    }
}
