import Testing
@testable import Imaging

/// Random animations with sub-rect frames, every disposal method, transparency and
/// interlacing, decoded in random order, against a naive reference compositor that
/// replays from frame 0 every time.
@Suite struct GIFCompositingPropertyTests {
    struct RawFrame {
        var rect: PixelRect
        var disposal: Int        // GIF code 0...3
        var transparent: Int?
        var interlaced: Bool
        var indices: [UInt8]     // rect.area, row-major (display order)
    }

    static let palette: [(UInt8, UInt8, UInt8)] = (0..<8).map { (i: Int) -> (UInt8, UInt8, UInt8) in
        let a = UInt8(i * 30), b = UInt8(255 - i * 30), c = UInt8(i * 7)
        return (a, b, c)
    }

    static func build(width: Int, height: Int, frames: [RawFrame]) -> [UInt8] {
        typealias S = GIFTestSupport
        var out = Array("GIF89a".utf8) + S.le16(width) + S.le16(height) + [0xF2, 0, 0]
        for c in palette { out += [c.0, c.1, c.2] }
        var lzw = LZWEncoder()
        for f in frames {
            out += [0x21, 0xF9, 4, UInt8(f.disposal << 2) | (f.transparent != nil ? 1 : 0), 5, 0, UInt8(f.transparent ?? 0), 0]
            out += [0x2C] + S.le16(f.rect.x) + S.le16(f.rect.y) + S.le16(f.rect.width) + S.le16(f.rect.height)
            out.append(f.interlaced ? 0x40 : 0)
            var stored = f.indices
            if f.interlaced {
                for n in 0..<f.rect.height {
                    let row = GIFImage.interlacedRow(n, height: f.rect.height)
                    for x in 0..<f.rect.width { stored[n * f.rect.width + x] = f.indices[row * f.rect.width + x] }
                }
            }
            out.append(3)
            out += lzw.encode(stored, minCodeSize: 3)
        }
        out.append(0x3B)
        return out
    }

    /// The spec, directly: canvas starts transparent; draw; then dispose.
    static func reference(width: Int, height: Int, frames: [RawFrame], upTo target: Int) -> Image {
        var canvas = Image(width: width, height: height)
        for (k, f) in frames.enumerated() {
            let before = canvas
            for y in 0..<f.rect.height {
                for x in 0..<f.rect.width {
                    let cx = f.rect.x + x, cy = f.rect.y + y
                    guard cx < width, cy < height else { continue }
                    let i = Int(f.indices[y * f.rect.width + x])
                    if i == f.transparent { continue }
                    let c = palette[i]
                    canvas[cx, cy] = (c.0, c.1, c.2, 255)
                }
            }
            if k == target { return canvas }
            for y in 0..<f.rect.height {
                for x in 0..<f.rect.width {
                    let cx = f.rect.x + x, cy = f.rect.y + y
                    guard cx < width, cy < height else { continue }
                    if f.disposal == 2 { canvas[cx, cy] = (0, 0, 0, 0) }
                    if f.disposal == 3 { canvas[cx, cy] = before[cx, cy] }
                }
            }
        }
        return canvas
    }

    @Test func randomAnimationsMatchTheReference() throws {
        var rng = SeededRandomForTests(seed: 2024)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        for _ in 0..<150 {
            let w = 1 + r(12), h = 1 + r(12)
            let count = 1 + r(9)
            var frames: [RawFrame] = []
            for _ in 0..<count {
                let full = r(4) == 0
                let fw = full ? w : 1 + r(w + 2), fh = full ? h : 1 + r(h + 2)
                let rect = PixelRect(x: full ? 0 : r(w + 1), y: full ? 0 : r(h + 1), width: fw, height: fh)
                let transparent: Int? = r(2) == 0 ? r(8) : nil
                frames.append(RawFrame(rect: rect, disposal: r(4), transparent: transparent, interlaced: r(3) == 0,
                                       indices: (0..<(fw * fh)).map { _ in UInt8(r(8)) }))
            }
            let bytes = Self.build(width: w, height: h, frames: frames)
            let gif = try GIFImage(bytes: bytes, checkpointInterval: 1 + r(3))
            #expect(gif.frameCount == count)
            for _ in 0..<(2 * count) {
                let k = r(count)
                let got = try gif.frame(at: k)
                let want = Self.reference(width: w, height: h, frames: frames, upTo: k)
                #expect(got == want, "frame \(k) of \(count), \(w)x\(h)")
            }
            #expect(gif.decodeIssues.isEmpty)
        }
    }

    @Test func aCorruptFullFrameLooksTheSameInAnyAccessOrder() throws {
        typealias S = GIFTestSupport
        // Two full opaque 4x1 frames; the second's data ends after two pixels.
        let f0 = S.subBlocks(S.packCodes([8, 1, 1, 1, 1, 9], minCodeSize: 3))
        let f1 = S.subBlocks(S.packCodes([8, 2, 3], minCodeSize: 3))
        var bytes = Array("GIF89a".utf8) + S.le16(4) + S.le16(1) + [0xF2, 0, 0]
        for c in Self.palette { bytes += [c.0, c.1, c.2] }
        for data in [f0, f1] {
            bytes += [0x2C] + S.le16(0) + S.le16(0) + S.le16(4) + S.le16(1) + [0, 3] + data
        }
        bytes.append(0x3B)
        let direct = try GIFImage(bytes: bytes).frame(at: 1)
        let sequential = try GIFImage(bytes: bytes)
        _ = try sequential.frame(at: 0)
        let after = try sequential.frame(at: 1)
        #expect(direct == after)
        let c1 = Self.palette[1]
        // Pixel 2 comes from the zero padding bits (code 0); pixel 3 shows frame 0.
        #expect(after[3, 0] == (c1.0, c1.1, c1.2, 255))
        #expect(sequential.decodeIssues[1] != nil)
    }

    @Test func checkpointsBoundTheWorkOfASeek() throws {
        // 40 small sub-rect frames: no restart point after frame 0.
        let frames = (0..<40).map { k in
            RawFrame(rect: PixelRect(x: k % 8, y: k / 8, width: 1, height: 1), disposal: 1, transparent: nil,
                     interlaced: false, indices: [UInt8(k % 8)])
        }
        let gif = try GIFImage(bytes: Self.build(width: 8, height: 5, frames: frames), checkpointInterval: 5)
        _ = try gif.frame(at: 39)                      // first pass: 40 decodes, checkpoints at 5, 10, ...
        #expect(gif.framesDecoded == 40)
        #expect(gif.checkpointCount == 7)
        _ = try gif.frame(at: 22)                      // from the checkpoint before 20: 20, 21, 22
        #expect(gif.framesDecoded == 43)
        _ = try gif.frame(at: 23)                      // sequential: one more
        #expect(gif.framesDecoded == 44)
        #expect(try gif.frame(at: 22) == Self.reference(width: 8, height: 5, frames: frames, upTo: 22))
        gif.releaseMemory()
        #expect(gif.checkpointCount == 0)
        #expect(try gif.frame(at: 3) == Self.reference(width: 8, height: 5, frames: frames, upTo: 3))
    }
}
