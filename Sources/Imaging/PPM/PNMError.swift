/// Why a PPM/PGM (Netpbm P2, P3, P5, P6) file could not be read, and where: 1-based
/// line and column plus the 0-based byte offset.
public enum PNMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not one of P2, P3, P5, P6.
    case badMagic(found: String)
    /// The file ends before `what` (a header field, or raster sample number `what`).
    case unexpectedEnd(what: String, line: Int, column: Int, offset: Int)
    /// A header field or ASCII sample that is not a decimal number.
    case invalidNumber(what: String, line: Int, column: Int, offset: Int)
    /// maxval must be 1...65535.
    case invalidMaxval(Int, line: Int, column: Int, offset: Int)
    /// A zero width or height.
    case invalidSize(width: Int, height: Int)
    /// A sample above maxval.
    case sampleOutOfRange(Int, maxval: Int, line: Int, column: Int, offset: Int)
    /// The declared size is over the limits (checked before allocating).
    case tooLarge(width: Int, height: Int, limit: String)

    /// `line:column: what` with the byte offset, as compilers print positions.
    public var description: String {
        switch self {
        case let .badMagic(f): "not a PPM/PGM file: magic \(f) (expected P2, P3, P5 or P6)"
        case let .unexpectedEnd(what, l, c, o): "\(l):\(c): unexpected end of file reading \(what) (byte \(o))"
        case let .invalidNumber(what, l, c, o): "\(l):\(c): invalid number for \(what) (byte \(o))"
        case let .invalidMaxval(m, l, c, o): "\(l):\(c): maxval \(m) is not in 1...65535 (byte \(o))"
        case let .invalidSize(w, h): "invalid size \(w)x\(h)"
        case let .sampleOutOfRange(v, m, l, c, o): "\(l):\(c): sample \(v) exceeds maxval \(m) (byte \(o))"
        case let .tooLarge(w, h, limit): "image \(w)x\(h) exceeds the limit \(limit)"
        }
    }
}
