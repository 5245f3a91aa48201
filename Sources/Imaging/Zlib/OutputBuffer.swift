/// The output of one decompression: a manually managed buffer with 64 bytes of slack
/// past `capacity` for the wide match copies.
struct OutputBuffer {
    static let slack = 64
    var base: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var pos = 0
    let limit: Int
    let stopAtLimit: Bool
    var stopped = false

    /// Over caller-owned memory of `capacity + slack` bytes; never grows (`limit` is
    /// `capacity`).
    init(fixed: UnsafeMutablePointer<UInt8>, capacity: Int, stopAtLimit: Bool) {
        base = fixed
        self.capacity = capacity
        limit = capacity
        self.stopAtLimit = stopAtLimit
    }

    init(initialCapacity: Int, limit: Int, stopAtLimit: Bool) {
        capacity = max(0, initialCapacity)
        base = .allocate(capacity: capacity + Self.slack)
        self.limit = limit
        self.stopAtLimit = stopAtLimit
    }

    /// Makes room for `n` more bytes; returns how many may be written (less than `n`
    /// only when cut at the limit with `stopAtLimit`, which also sets `stopped`).
    mutating func reserve(_ n: Int) throws(ZlibError) -> Int {
        if pos + n <= capacity { return n }
        if pos + n > limit {
            if !stopAtLimit { throw .outputLimitExceeded(limit: limit) }
            stopped = true
            if capacity < limit { grow(to: limit) }
            return limit - pos
        }
        grow(to: min(limit, max(pos + n, capacity * 2)))
        return n
    }

    private mutating func grow(to newCapacity: Int) {
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + Self.slack)
        nb.update(from: base, count: pos)
        base.deallocate()
        base = nb
        capacity = newCapacity
    }

    func toArray() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pos) { buf, n in
            buf.baseAddress!.update(from: base, count: pos)
            n = pos
        }
    }

    func deallocate() { base.deallocate() }
}
