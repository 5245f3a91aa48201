/// A JSON parser (RFC 8259) without Foundation: the one reader of EmojiSim's JSON
/// inputs (catalog JSON, natively and in the wasm core, where the catalog a user drops
/// on the playground is read here, not in JavaScript), so every reader refuses the same
/// texts and says where.
///
/// Strict: the text is UTF-8 (a leading UTF-8 byte order mark is skipped; UTF-16 and
/// UTF-32 text, with or without a byte order mark, and ill-formed UTF-8 are refused at
/// the first bad byte); no trailing commas, comments, `NaN` or leading zeros; a member
/// name repeated in one object is refused (RFC 8259 leaves its meaning open, and readers
/// disagree: Foundation keeps the last, others the first).
///
/// Bounded: the text is at most `maxBytes`, nesting at most `maxDepth` levels (checked
/// as it descends, so no input can exhaust the stack), and every value is built from
/// bytes already counted. Errors are typed (`PureJSON.Failure`) with the byte offset,
/// line and column of the offending byte. Time and memory are O(bytes).
///
/// Numbers: an integer or decimal with at most 15 significant digits and an exponent
/// keeping it within 1e-22...1e22 becomes the nearest Double, computed exactly (one
/// correctly rounded multiplication or division of exact integers). Other numbers: in
/// a native build the standard library's correctly rounded conversion (so a file an
/// older Foundation-based reader took still reads); Embedded Swift has none, so there
/// they are refused with a message rather than rounded differently. A number that is
/// not finite as a Double (`1e999`) is refused everywhere.
public enum PureJSON {
    /// 16 MiB: the longest text parsed (a catalog of thousands of emoji is well under 1 MiB).
    public static let maxBytes = 16 << 20
    /// 64 levels of arrays and objects: catalogs need 4; the bound keeps recursion shallow.
    public static let maxDepth = 64

    /// A parsed value with the byte offset where it starts (for messages about it).
    public struct Node {
        /// Byte offset of the value's first byte in the text.
        public var offset: Int
        /// The value.
        public var value: Value
    }

    /// A JSON value; arrays and objects hold `Node`s, so every nested value keeps its offset.
    public enum Value {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, as the nearest Double (see the type's note on precision).
        case number(Double)
        /// A string, escapes resolved (surrogate pairs joined; lone surrogates refused).
        case string(String)
        /// Elements in file order.
        case array([Node])
        /// Members in file order (names are unique: the parser refuses a repeated one).
        case object([(key: String, node: Node)])

        /// What a value is, for messages ("expected a string, found an array").
        public var kindName: String {
            switch self {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }

    /// Why a text is not accepted, and where.
    public struct Failure: Error, CustomStringConvertible {
        /// Byte offset of the offending byte (the text's length when it ends early).
        public var offset: Int
        /// 1-based line of `offset`.
        public var line: Int
        /// 1-based column of `offset`, counted in bytes.
        public var column: Int
        /// What is wrong, e.g. `repeated member name "code"`.
        public var message: String
        /// `line 3, column 7 (byte 41): message`.
        public var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }

        /// A failure at byte `offset` of `bytes`; line and column (1-based, in bytes) are
        /// counted here, only when something failed.
        public init(_ bytes: [UInt8], _ offset: Int, _ message: String) {
            var line = 1, column = 1
            var i = 0
            while i < min(offset, bytes.count) {
                if bytes[i] == 10 { line += 1; column = 1 } else { column += 1 }
                i += 1
            }
            self.offset = offset; self.line = line; self.column = column; self.message = message
        }
    }

    /// Parses one JSON text (surrounding white space allowed, nothing else after it).
    /// - Throws: `Failure` at the first byte that breaks a rule above.
    /// - Complexity: O(bytes).
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> Node {
        guard bytes.count <= maxBytes else {
            throw Failure(bytes, 0, "\(bytes.count) bytes; a JSON text here is at most \(maxBytes)")
        }
        if let why = wideEncoding(bytes) { throw Failure(bytes, 0, why) }
        if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
            throw Failure(bytes, bad, "not UTF-8 (byte 0x\(String(bytes[bad], radix: 16)) here starts no UTF-8 character)")
        }
        var p = Parser(b: bytes)
        // A UTF-8 byte order mark is skipped (RFC 8259 lets a reader ignore one); offsets
        // stay the file's.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { p.i = 3 }
        p.skipSpace()
        let root = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == bytes.count else { throw Failure(bytes, p.i, "unexpected \(p.what()) after the JSON value") }
        return root
    }

    /// The member named `key` of an object's members (names are unique).
    /// - Complexity: O(members).
    public static func member(_ members: [(key: String, node: Node)], _ key: String) -> Node? {
        for m in members where m.key == key { return m.node }
        return nil
    }

    /// Why `bytes` look like UTF-16 or UTF-32 text, or nil. A JSON text starts with an
    /// ASCII character, so a zero among its first two bytes (or a UTF-16/32 byte order
    /// mark) means a wide encoding, which RFC 8259 does not allow between systems.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        let n = bytes.count
        if n >= 4 && bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0 { return "UTF-32 text (byte order mark FF FE 00 00); JSON here is UTF-8" }
        if n >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF { return "UTF-32 text (byte order mark 00 00 FE FF); JSON here is UTF-8" }
        if n >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE { return "UTF-16 text (byte order mark FF FE); JSON here is UTF-8" }
        if n >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF { return "UTF-16 text (byte order mark FE FF); JSON here is UTF-8" }
        if n >= 2 && (bytes[0] == 0) != (bytes[1] == 0) { return "UTF-16 or UTF-32 text (a zero byte among the first two); JSON here is UTF-8" }
        return nil
    }

    struct Parser {
        let b: [UInt8]
        var i = 0

        func what() -> String {
            guard i < b.count else { return "end of text" }
            let c = b[i]
            if c >= 0x21 && c < 0x7F { return "'\(String(decoding: [c], as: UTF8.self))'" }
            return "byte 0x\(String(c, radix: 16))"
        }

        func fail(_ message: String) -> Failure { Failure(b, i, message) }

        mutating func skipSpace() {
            while i < b.count && (b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D) { i += 1 }
        }

        mutating func value(depth: Int) throws(Failure) -> Node {
            guard depth < PureJSON.maxDepth else { throw fail("nested more than \(PureJSON.maxDepth) levels deep") }
            let start = i
            guard i < b.count else { throw fail("a value expected, found the end of the text") }
            switch b[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, node: Node)] = []
                var names: [String: Int] = [:]
                skipSpace()
                if i < b.count && b[i] == UInt8(ascii: "}") { i += 1; return Node(offset: start, value: .object(members)) }
                while true {
                    skipSpace()
                    guard i < b.count && b[i] == UInt8(ascii: "\"") else { throw fail("a member name (a string) expected, found \(what())") }
                    let keyStart = i
                    let key = try string()
                    if let first = names[key] {
                        throw Failure(b, keyStart, "member name \"\(messageText(key, limit: 160))\" repeated in one object (first at byte \(first))")
                    }
                    names[key] = keyStart
                    skipSpace()
                    guard i < b.count && b[i] == UInt8(ascii: ":") else { throw fail("':' expected after the member name, found \(what())") }
                    i += 1
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < b.count else { throw fail("',' or '}' expected, found the end of the text") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "}") { i += 1; return Node(offset: start, value: .object(members)) }
                    throw fail("',' or '}' expected, found \(what())")
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [Node] = []
                skipSpace()
                if i < b.count && b[i] == UInt8(ascii: "]") { i += 1; return Node(offset: start, value: .array(items)) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < b.count else { throw fail("',' or ']' expected, found the end of the text") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "]") { i += 1; return Node(offset: start, value: .array(items)) }
                    throw fail("',' or ']' expected, found \(what())")
                }
            case UInt8(ascii: "\""):
                return Node(offset: start, value: .string(try string()))
            case UInt8(ascii: "t"): try word("true"); return Node(offset: start, value: .bool(true))
            case UInt8(ascii: "f"): try word("false"); return Node(offset: start, value: .bool(false))
            case UInt8(ascii: "n"): try word("null"); return Node(offset: start, value: .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return Node(offset: start, value: .number(try number()))
            default:
                throw fail("a value expected, found \(what())")
            }
        }

        mutating func word(_ w: StaticString) throws(Failure) {
            let n = w.utf8CodeUnitCount
            var k = 0
            while k < n {
                guard i + k < b.count, b[i + k] == w.utf8Start[k] else { throw fail("a value expected, found \(what())") }
                k += 1
            }
            i += n
        }

        /// A string at `i` (the opening quote), unescaped. The text is valid UTF-8 (the
        /// ABI checked it), so bytes are copied as they are.
        mutating func string() throws(Failure) -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                guard i < b.count else { throw fail("unterminated string") }
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
                if c < 0x20 { throw fail("a control character (byte 0x\(String(c, radix: 16))) inside a string; write it escaped") }
                if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
                i += 1
                guard i < b.count else { throw fail("unterminated escape") }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "u"):
                    var v = try hex4()
                    if v >= 0xD800 && v < 0xDC00 {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw fail("a lone high surrogate \\u\(String(v, radix: 16)) (a low one must follow)")
                        }
                        i += 2
                        let lo = try hex4()
                        guard lo >= 0xDC00 && lo < 0xE000 else { throw fail("\\u\(String(lo, radix: 16)) is not a low surrogate") }
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    } else if v >= 0xDC00 && v < 0xE000 {
                        throw fail("a lone low surrogate \\u\(String(v, radix: 16))")
                    }
                    guard let u = Unicode.Scalar(v) else { throw fail("\\u escape U+\(String(v, radix: 16)) is not a scalar") }
                    var enc: [UInt8] = []
                    for unit in UTF8.encode(u)! { enc.append(unit) }
                    out += enc
                default:
                    i -= 1
                    throw fail("unknown escape \\\(what())")
                }
            }
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard i < b.count else { throw fail("\\u needs four hex digits") }
                let c = b[i]
                let d: UInt32
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a")) + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A")) + 10
                default: throw fail("\\u needs four hex digits, found \(what())")
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }

        /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, see the type's note on precision.
        mutating func number() throws(Failure) -> Double {
            let start = i
            var negative = false
            if b[i] == UInt8(ascii: "-") { negative = true; i += 1 }
            var mantissa: UInt64 = 0, digits = 0, scale = 0
            func isDigit(_ k: Int) -> Bool { k < b.count && b[k] >= UInt8(ascii: "0") && b[k] <= UInt8(ascii: "9") }
            guard isDigit(i) else { throw fail("a digit expected in the number") }
            if b[i] == UInt8(ascii: "0") && isDigit(i + 1) { throw fail("a number may not start with 0 followed by digits") }
            while isDigit(i) {
                if mantissa > 0 || b[i] != UInt8(ascii: "0") { digits += 1 }
                if digits <= 15 { mantissa = mantissa * 10 + UInt64(b[i] - UInt8(ascii: "0")) } else { scale += 1 }
                i += 1
            }
            if i < b.count && b[i] == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { throw fail("a digit expected after the decimal point") }
                while isDigit(i) {
                    if mantissa > 0 || b[i] != UInt8(ascii: "0") { digits += 1 }
                    if digits <= 15 { mantissa = mantissa * 10 + UInt64(b[i] - UInt8(ascii: "0")); scale -= 1 }
                    i += 1
                }
            }
            if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
                i += 1
                var eneg = false
                if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { eneg = b[i] == UInt8(ascii: "-"); i += 1 }
                guard isDigit(i) else { throw fail("a digit expected in the exponent") }
                var e = 0
                while isDigit(i) { if e < 100_000 { e = e * 10 + Int(b[i] - UInt8(ascii: "0")) }; i += 1 }
                scale += eneg ? -e : e
            }
            if digits > 15 || (mantissa != 0 && (scale < -22 || scale > 22)) {
                #if hasFeature(Embedded)
                if digits > 15 {
                    throw Failure(b, start, "a number with more than 15 significant digits (this reader keeps numbers exact)")
                }
                throw Failure(b, start, "a number outside 1e-22...1e22 in magnitude (this reader keeps numbers exact)")
                #else
                // The grammar was checked above, so the standard library reads the same text.
                guard let d = Double(String(decoding: b[start..<i], as: UTF8.self)), d.isFinite else {
                    throw Failure(b, start, "a number too large for a 64-bit floating point value")
                }
                return d
                #endif
            }
            var v = Double(mantissa)
            if mantissa != 0 {
                var p = 1.0
                for _ in 0..<abs(scale) { p *= 10 } // exact: 10^22 < 2^53 * 2^22 and a power of 5 below 2^53 times a power of 2
                v = scale < 0 ? v / p : v * p
            }
            return negative ? -v : v
        }
    }
}
