/// Reverses the five PNG scanline filters in place.
///
/// Works row by row (O(rowBytes) each) given the previous raw row; the
/// Paeth and Average loops for 3- and 4-byte pixels keep the left/up-left pixel in
/// registers instead of re-reading memory.
enum PNGUnfilter {
    /// Unfilters one row in place; `prev` is the previous raw row (zeros for the first).
    /// The filter type must already be validated (0...4).
    @inline(__always) static func unfilterRow(
        _ row: UnsafeMutablePointer<UInt8>, prev: UnsafePointer<UInt8>, filter: UInt8, rowBytes: Int, bpp: Int
    ) {
        switch filter {
        case 1: sub(row, rowBytes, bpp)
        case 2: up(row, prev, rowBytes)
        case 3: average(row, prev, rowBytes, bpp)
        case 4: paeth(row, prev, rowBytes, bpp)
        default: break
        }
    }

    @inline(__always) static func sub(_ row: UnsafeMutablePointer<UInt8>, _ n: Int, _ bpp: Int) {
        var i = bpp
        while i < n { row[i] &+= row[i - bpp]; i += 1 }
    }

    @inline(__always) static func up(_ row: UnsafeMutablePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int) {
        // Vectorises: no dependency between bytes.
        for i in 0..<n { row[i] &+= prev[i] }
    }

    static func average(_ row: UnsafeMutablePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int) {
        let first = min(bpp, n)
        for i in 0..<first { row[i] &+= prev[i] >> 1 }
        var i = first
        while i < n {
            row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(prev[i])) >> 1)
            i += 1
        }
    }

    @inline(__always) static func predictor(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b - c)
        let pb = abs(a - c)
        let pc = abs(a + b - 2 * c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func paeth(_ row: UnsafeMutablePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int) {
        let first = min(bpp, n)
        // First pixel: a = c = 0, so the predictor is b.
        for i in 0..<first { row[i] &+= prev[i] }
        if bpp == 4 {
            paethWide(row, prev, n, 4)
        } else if bpp == 3 {
            paethWide(row, prev, n, 3)
        } else {
            var i = first
            while i < n {
                let p = predictor(Int(row[i - bpp]), Int(prev[i]), Int(prev[i - bpp]))
                row[i] &+= UInt8(truncatingIfNeeded: p)
                i += 1
            }
        }
    }

    /// Paeth for 3- or 4-byte pixels: each channel's left and up-left values are carried
    /// from the previous pixel in locals.
    @inline(__always) static func paethWide(_ row: UnsafeMutablePointer<UInt8>, _ prev: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int) {
        var a0 = Int(row[0]), a1 = Int(row[1]), a2 = Int(row[2]), a3 = bpp == 4 ? Int(row[3]) : 0
        var c0 = Int(prev[0]), c1 = Int(prev[1]), c2 = Int(prev[2]), c3 = bpp == 4 ? Int(prev[3]) : 0
        var i = bpp
        while i + bpp <= n {
            let b0 = Int(prev[i]), b1 = Int(prev[i + 1]), b2 = Int(prev[i + 2])
            a0 = (Int(row[i]) + predictor(a0, b0, c0)) & 0xff
            a1 = (Int(row[i + 1]) + predictor(a1, b1, c1)) & 0xff
            a2 = (Int(row[i + 2]) + predictor(a2, b2, c2)) & 0xff
            row[i] = UInt8(a0); row[i + 1] = UInt8(a1); row[i + 2] = UInt8(a2)
            c0 = b0; c1 = b1; c2 = b2
            if bpp == 4 {
                let b3 = Int(prev[i + 3])
                a3 = (Int(row[i + 3]) + predictor(a3, b3, c3)) & 0xff
                row[i + 3] = UInt8(a3)
                c3 = b3
            }
            i += bpp
        }
    }
}
