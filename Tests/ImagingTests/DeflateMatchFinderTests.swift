import SimCore
import Testing
@testable import Imaging

/// The match finder's edges (4-byte hash chains, the 3-byte table, the window's end,
/// runs, input tails shorter than a hash) round-tripped through our Inflate at every
/// level, and PNG encodes round-tripped through our decoder.
@Suite struct DeflateMatchFinderTests {
    static func edgeInputs() -> [(String, [UInt8])] {
        var rng = SeededRandom(seed: 2026)
        func noise(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
        var out: [(String, [UInt8])] = []
        // Only 3-byte repeats: "xyz" then a byte that never repeats the 4-byte context.
        var triples: [UInt8] = []
        for i in 0..<6000 { triples += [0x78, 0x79, 0x7A, UInt8(truncatingIfNeeded: i &* 37 ^ (i >> 8))] }
        out.append(("3-byte repeats", triples))
        // A block repeated at exactly the window's reach and just beyond it.
        let block = noise(300)
        out.append(("distance 32768", block + noise(32768 - 300) + block))
        out.append(("distance 32769", block + noise(32769 - 300) + block))
        // Runs of every length around the 258 limit, with short tails after them.
        var runs: [UInt8] = []
        for len in [1, 2, 3, 4, 5, 257, 258, 259, 516, 1000] { runs += [UInt8](repeating: UInt8(len & 0xFF), count: len) + [9] }
        out.append(("runs", runs))
        for tail in 0...5 { out.append(("match then \(tail) bytes", [1, 2, 3, 4, 5, 1, 2, 3, 4, 5] + noise(tail))) }
        // PNG-like: rows of small residuals with vertical repeats, longer than a block.
        var rows: [UInt8] = []
        let row = (0..<600).map { _ in UInt8(truncatingIfNeeded: rng.next() % 5) }
        for r in 0..<200 { rows += r % 3 == 0 ? noise(600).map { $0 & 3 } : row }
        out.append(("png-like", rows))
        return out
    }

    @Test func edgeInputsRoundTripAtEveryLevel() throws {
        for (name, data) in Self.edgeInputs() {
            for level in 1...9 {
                let z = Deflate.zlib(data, level: level)
                #expect(try Inflate.zlib(z, limit: data.count) == data, "\(name) level \(level)")
            }
        }
    }

    @Test func shortRepeatsCompress() {
        let data = Self.edgeInputs()[0].1
        // Stored would be 24,000+ bytes; the repeated "xyz" contexts must be matched.
        for level in [1, 6, 9] { #expect(Deflate.zlib(data, level: level).count < data.count * 7 / 10) }
    }

    @Test func pngEncodesRoundTripThroughOurDecoder() throws {
        var rng = SeededRandom(seed: 5)
        // A drawn screen (flat areas, edges, text-like dots) and a noisy photo, both
        // opaque and translucent.
        for translucent in [false, true] {
            var screen = Image(width: 97, height: 61)
            var photo = Image(width: 64, height: 48)
            for y in 0..<61 {
                for x in 0..<97 {
                    let edge = (x / 12 + y / 9) % 2 == 0
                    let dot = (x * 7 + y * 3) % 23 == 0
                    screen[x, y] = dot ? (20, 20, 20, 255) : edge ? (240, 240, 245, translucent ? 200 : 255) : (30, 120, 250, 255)
                }
            }
            for y in 0..<48 {
                for x in 0..<64 {
                    let n = UInt8(truncatingIfNeeded: rng.next() % 9)
                    photo[x, y] = (UInt8(x * 3) &+ n, UInt8(y * 5) &+ n, UInt8((x + y) * 2), translucent ? UInt8(x * 4) : 255)
                }
            }
            for image in [screen, photo] {
                for level in [1, 6, 9] {
                    let png = PNGEncoder(compressionLevel: level).encode(image)
                    #expect(try PNGDecoder().decode(png) == image, "level \(level) translucent \(translucent)")
                }
            }
        }
    }

    @Test func flatRowsSkipAverageAndPhotoRowsKeepIt() {
        let flat: [UInt8] = [1, 2, 3, 1, 2, 3, 1, 2, 3, 9, 9, 9]
        let busy: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        flat.withUnsafeBufferPointer { #expect(PNGFilter.flatRow($0.baseAddress!, count: 12, bpp: 3)) }
        busy.withUnsafeBufferPointer { #expect(!PNGFilter.flatRow($0.baseAddress!, count: 12, bpp: 3)) }
        let rgba: [UInt8] = [1, 2, 3, 4, 1, 2, 3, 5, 1, 2, 3, 6, 1, 2, 3, 7, 1, 2, 3, 8]
        rgba.withUnsafeBufferPointer { #expect(!PNGFilter.flatRow($0.baseAddress!, count: 20, bpp: 4)) }
    }
}
