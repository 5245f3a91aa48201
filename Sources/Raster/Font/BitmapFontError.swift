/// Why a Unifont `.hex` file could not be parsed, and where (1-based line and column
/// in `source`).
public struct BitmapFontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    public enum Reason: Hashable, Sendable {
        /// No `:` between the code point and the bits.
        case missingColon
        /// The code point is not 4 to 6 hex digits.
        case badCodePoint
        /// The code point is past U+10FFFF.
        case codePointOutOfRange(UInt32)
        /// A byte in the bits that is not a hex digit.
        case badHexDigit(UInt8)
        /// The glyph hex was not 32 (8x16) or 64 (16x16) digits long.
        case badGlyphLength(Int)
        /// The code point was defined before, on `firstLine`.
        case duplicateCodePoint(UInt32, firstLine: Int)
        /// A line longer than `Limits.maxLineLength`.
        case lineTooLong(limit: Int)
        /// More glyphs than `Limits.maxGlyphs`.
        case tooManyGlyphs(limit: Int)
    }

    /// What is wrong.
    public var reason: Reason
    /// The file's name, for the message.
    public var source: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in bytes.
    public var column: Int

    /// - Parameters:
    ///   - reason: What is wrong.
    ///   - source: The file's name.
    ///   - line: 1-based line.
    ///   - column: 1-based column.
    public init(_ reason: Reason, source: String, line: Int, column: Int) {
        self.reason = reason; self.source = source; self.line = line; self.column = column
    }

    /// `source:line:column: what`, as compilers print positions.
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
