/// Where well-formed UTF-8 ends: the one check of untrusted text bytes (catalog files,
/// JSON), so that every reader refuses the same bytes and can say where.
public enum UTF8Validation {
    /// The index (in `bytes`' own indices) of the first byte that does not start or
    /// continue a well-formed UTF-8 sequence, or nil when all of it is UTF-8. Overlong
    /// forms, surrogates (U+D800...U+DFFF) and values past U+10FFFF are ill-formed, as in
    /// RFC 3629; a sequence cut short by the end is ill-formed at its first byte.
    /// - Complexity: O(n).
    public static func firstInvalidByte(in bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let c = bytes[i]
            if c < 0x80 { i += 1; continue }
            var need = 0, lo: UInt8 = 0x80, hi: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; lo = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: need = 2; hi = 0x9F
            case 0xF0: need = 3; lo = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; hi = 0x8F
            default: return i
            }
            guard i + need < bytes.endIndex else { return i }
            for k in 1...need {
                let x = bytes[i + k]
                if k == 1 ? (x < lo || x > hi) : (x < 0x80 || x > 0xBF) { return i }
            }
            i += need + 1
        }
        return nil
    }

    /// The 1-based line and column of byte `offset` in `bytes`, for a message about it:
    /// lines end at LF, the column counts Unicode scalars (the bytes that start one)
    /// since the line's start, as script and JSON positions do. The bytes before
    /// `offset` are taken to be UTF-8 (`firstInvalidByte` gives the first that is not).
    /// - Complexity: O(offset).
    public static func lineAndColumn(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for i in 0..<min(max(0, offset), bytes.count) {
            let c = bytes[i]
            if c == 0x0A { line += 1; column = 1 } else if c & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    /// `firstInvalidByte(in:)` over a whole array.
    /// - Complexity: O(n).
    public static func firstInvalidByte(in bytes: [UInt8]) -> Int? { firstInvalidByte(in: bytes[...]) }
}
