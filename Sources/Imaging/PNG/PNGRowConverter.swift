/// Converts unfiltered scanlines of any PNG colour type and bit depth to RGBA8.
///
/// Gray of 1-8 bits and palette images go through one 256-entry RGBA lookup table
/// indexed by the raw sample (so tRNS is compared with the raw sample before any
/// scaling: a 4-bit gray tRNS of 6 matches sample 6, not the scaled 102). 16-bit
/// samples keep their high byte; their tRNS compares the full 16-bit value.
struct PNGRowConverter {
    let header: PNGHeader
    /// RGBA (little-endian packed r | g<<8 | b<<16 | a<<24) per raw sample/index.
    let lookup: [UInt32]
    let grayKey: Int?
    let rgbKey: (Int, Int, Int)?

    init(header: PNGHeader, palette: [UInt32]?, grayKey: Int?, rgbKey: (Int, Int, Int)?) {
        self.header = header
        self.grayKey = header.colorType == .grayscale ? grayKey : nil
        self.rgbKey = header.colorType == .rgb ? rgbKey : nil
        switch header.colorType {
        case .palette:
            var t = [UInt32](repeating: 0xFF00_0000, count: 256) // out-of-range index: opaque black
            if let palette { for (i, c) in palette.prefix(256).enumerated() { t[i] = c } }
            lookup = t
        case .grayscale where header.bitDepth <= 8:
            let maxV = (1 << header.bitDepth) - 1
            let scale = 255 / maxV
            var t = [UInt32](repeating: 0, count: 256)
            for v in 0...maxV {
                let g = UInt32(v * scale)
                let a: UInt32 = v == self.grayKey ? 0 : 255
                t[v] = g | g << 8 | g << 16 | a << 24
            }
            lookup = t
        default:
            lookup = []
        }
    }

    /// Converts `width` pixels from `src` into `dst`, writing pixel k at
    /// `dst + k * dstStep` (dstStep 4 for a contiguous row, 4 * dx for an Adam7 pass).
    func convert(_ src: UnsafePointer<UInt8>, width: Int, into dst: UnsafeMutablePointer<UInt8>, dstStep: Int) {
        let out = UnsafeMutableRawPointer(dst)
        @inline(__always) func put(_ k: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
            let p = dst + k * dstStep
            p[0] = r; p[1] = g; p[2] = b; p[3] = a
        }
        let depth = header.bitDepth
        if !lookup.isEmpty {
            lookup.withUnsafeBufferPointer { t in
                if depth == 8 {
                    for k in 0..<width {
                        out.storeBytes(of: t[Int(src[k])].littleEndian, toByteOffset: k * dstStep, as: UInt32.self)
                    }
                } else {
                    let perByte = 8 / depth
                    let mask = (1 << depth) - 1
                    for k in 0..<width {
                        let byte = Int(src[k / perByte])
                        let shift = 8 - depth * (k % perByte + 1)
                        let v = (byte >> shift) & mask
                        out.storeBytes(of: t[v].littleEndian, toByteOffset: k * dstStep, as: UInt32.self)
                    }
                }
            }
            return
        }
        switch header.colorType {
        case .palette: return // handled by the lookup table
        case .grayscale: // 16-bit
            let key = grayKey ?? -1
            for k in 0..<width {
                let hi = src[2 * k], lo = src[2 * k + 1]
                let v = Int(hi) << 8 | Int(lo)
                put(k, hi, hi, hi, v == key ? 0 : 255)
            }
        case .rgb:
            if depth == 8 {
                if let (kr, kg, kb) = rgbKey {
                    for k in 0..<width {
                        let r = src[3 * k], g = src[3 * k + 1], b = src[3 * k + 2]
                        let a: UInt8 = (Int(r) == kr && Int(g) == kg && Int(b) == kb) ? 0 : 255
                        put(k, r, g, b, a)
                    }
                } else {
                    for k in 0..<width {
                        let v = UInt32(src[3 * k]) | UInt32(src[3 * k + 1]) << 8 | UInt32(src[3 * k + 2]) << 16 | 0xFF00_0000
                        out.storeBytes(of: v.littleEndian, toByteOffset: k * dstStep, as: UInt32.self)
                    }
                }
            } else {
                let (kr, kg, kb) = rgbKey ?? (-1, -1, -1)
                for k in 0..<width {
                    let p = src + 6 * k
                    let r = Int(p[0]) << 8 | Int(p[1]), g = Int(p[2]) << 8 | Int(p[3]), b = Int(p[4]) << 8 | Int(p[5])
                    put(k, p[0], p[2], p[4], (r == kr && g == kg && b == kb) ? 0 : 255)
                }
            }
        case .grayscaleAlpha:
            if depth == 8 {
                for k in 0..<width { let g = src[2 * k]; put(k, g, g, g, src[2 * k + 1]) }
            } else {
                for k in 0..<width { let g = src[4 * k]; put(k, g, g, g, src[4 * k + 2]) }
            }
        case .rgba:
            if depth == 8 {
                if dstStep == 4 {
                    dst.update(from: src, count: width * 4)
                } else {
                    for k in 0..<width {
                        out.storeBytes(of: UnsafeRawPointer(src + 4 * k).loadUnaligned(as: UInt32.self),
                                       toByteOffset: k * dstStep, as: UInt32.self)
                    }
                }
            } else {
                for k in 0..<width { let p = src + 8 * k; put(k, p[0], p[2], p[4], p[6]) }
            }
        }
    }
}
