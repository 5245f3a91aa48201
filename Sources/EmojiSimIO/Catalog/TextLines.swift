import SimCore

/// The lines of a text file, split at the byte level: LF, CR LF and a lone CR each end a
/// line, so a file saved with Windows line ends (git's `autocrlf`) reads as the same
/// lines. Splitting a Swift `String` on `"\n"` finds no line end at all in such a file,
/// because `"\r\n"` is one `Character` (issue 26 item 11: a CRLF emoji-test.txt read as
/// "0 groups"). Every line-based catalog reader goes through this.
///
/// Each line is decoded as UTF-8 on its own; a line that is not valid UTF-8 comes back
/// with the byte offset (in the file) of its first bad byte, so the error can say where.
/// O(bytes).
struct TextLines: Sequence {
    /// One line without its terminator.
    struct Line {
        /// 1-based.
        var number: Int
        /// Byte offset of the line's first byte in the file.
        var offset: Int
        /// The line's text, or nil when it is not valid UTF-8.
        var text: String?
        /// When `text` is nil: the file offset of the first byte that is not UTF-8.
        var invalidByte: Int?
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var i = 0
        var number = 0

        mutating func next() -> Line? {
            guard i < bytes.count else { return nil }
            let start = i
            while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            let end = i
            if i < bytes.count {
                // CR LF is one line end; a lone CR or LF is one too.
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 2 } else { i += 1 }
            }
            number += 1
            let slice = bytes[start..<end]
            if let bad = UTF8Validation.firstInvalidByte(in: slice) {
                return Line(number: number, offset: start, text: nil, invalidByte: bad)
            }
            return Line(number: number, offset: start, text: String(decoding: slice, as: UTF8.self), invalidByte: nil)
        }
    }

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }
}
