@testable import Imaging

/// Builders for hand-made GIF streams (LZW edge cases, broken files).
enum GIFTestSupport {
    /// Packs LZW `codes` LSB-first with the code size a decoder would use at each step
    /// (it mirrors the decoder's table growth), without sub-block framing.
    static func packCodes(_ codes: [Int], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, end = clear + 1
        var size = minCodeSize + 1, next = clear + 2, hasPrev = false
        var bits: UInt64 = 0, count = 0
        var out: [UInt8] = []
        for c in codes {
            bits |= UInt64(c) << UInt64(count)
            count += size
            while count >= 8 { out.append(UInt8(truncatingIfNeeded: bits)); bits >>= 8; count -= 8 }
            if c == clear {
                size = minCodeSize + 1; next = clear + 2; hasPrev = false
            } else if c == end {
                continue
            } else {
                if hasPrev && next < 4096 {
                    next += 1
                    if next & ((1 << size) - 1) == 0 && size < 12 { size += 1 }
                }
                hasPrev = true
            }
        }
        if count > 0 { out.append(UInt8(truncatingIfNeeded: bits)) }
        return out
    }

    /// Splits a payload into sub-blocks; `terminator: false` leaves the zero block out.
    static func subBlocks(_ data: [UInt8], blockSize: Int = 255, terminator: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        var p = 0
        while p < data.count {
            let n = min(blockSize, data.count - p)
            out.append(UInt8(n))
            out += data[p..<(p + n)]
            p += n
        }
        if terminator { out.append(0) }
        return out
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

    /// A one-frame GIF of `w x h` with a 256-entry grey global palette (index i = grey i)
    /// and the given LZW sub-block bytes. `trailer: false` omits the 0x3B.
    static func gif(width w: Int, height h: Int, minCodeSize: Int, data: [UInt8], trailer: Bool = true,
                    screen: (Int, Int)? = nil) -> [UInt8] {
        var out = Array("GIF89a".utf8) + le16(screen?.0 ?? w) + le16(screen?.1 ?? h) + [0xF7, 0, 0]
        for i in 0..<256 { out += [UInt8(i), UInt8(i), UInt8(i)] }
        out += [0x2C] + le16(0) + le16(0) + le16(w) + le16(h) + [0]
        out.append(UInt8(minCodeSize))
        out += data
        if trailer { out.append(0x3B) }
        return out
    }

    /// Grey levels of a decoded frame's pixels (R channel), with -1 for transparent.
    static func greys(_ image: Image) -> [Int] {
        (0..<(image.width * image.height)).map { image.pixels[$0 * 4 + 3] == 0 ? -1 : Int(image.pixels[$0 * 4]) }
    }

    /// Deterministic test frames with `colors` distinct colours (and transparency if asked).
    static func frames(count: Int, width: Int, height: Int, colors: Int, transparent: Bool, seed: UInt64) -> [Image] {
        var rng = SeededRandomForTests(seed: seed)
        let palette: [(UInt8, UInt8, UInt8)] = (0..<colors).map { _ in
            (UInt8(rng.next() & 0xFF), UInt8(rng.next() & 0xFF), UInt8(rng.next() & 0xFF))
        }
        return (0..<count).map { _ in
            var img = Image(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    if transparent && rng.next() % 5 == 0 { continue }
                    let c = palette[Int(rng.next() % UInt64(colors))]
                    img[x, y] = (c.0, c.1, c.2, 255)
                }
            }
            return img
        }
    }
}

/// SplitMix64 (as SimCore's SeededRandom), local so the tests need only Imaging.
struct SeededRandomForTests {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
