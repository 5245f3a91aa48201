/// Why a Unifont `.hex` file could not be parsed, and where (1-based line and column
/// in `source`).
public struct BitmapFontError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case missingColon
        case badCodePoint
        case codePointOutOfRange(UInt32)
        case badHexDigit(UInt8)
        /// The glyph hex was not 32 (8x16) or 64 (16x16) digits long.
        case badGlyphLength(Int)
        case duplicateCodePoint(UInt32, firstLine: Int)
        case lineTooLong(limit: Int)
        case tooManyGlyphs(limit: Int)
    }

    public var reason: Reason
    public var source: String
    public var line: Int
    public var column: Int

    public init(_ reason: Reason, source: String, line: Int, column: Int) {
        self.reason = reason; self.source = source; self.line = line; self.column = column
    }

    public var description: String {
        let what: String
        switch reason {
        case .missingColon: what = "expected 'CODEPOINT:HEXBITS' (no ':' found)"
        case .badCodePoint: what = "the code point is not 4 to 6 hex digits"
        case .codePointOutOfRange(let v): what = "code point \(hex(v)) is beyond U+10FFFF"
        case .badHexDigit(let b): what = "'\(b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16))' is not a hex digit"
        case .badGlyphLength(let n): what = "glyph has \(n) hex digits; expected 32 (8x16) or 64 (16x16)"
        case .duplicateCodePoint(let v, let first): what = "\(hex(v)) is defined twice (first on line \(first))"
        case .lineTooLong(let limit): what = "line longer than \(limit) bytes"
        case .tooManyGlyphs(let limit): what = "more than \(limit) glyphs"
        }
        return "\(source):\(line):\(column): \(what)"
    }

    private func hex(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
