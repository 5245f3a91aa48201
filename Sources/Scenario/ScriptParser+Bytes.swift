import SimCore

extension ScriptParser {
    /// Parses a script file's bytes: the one way tools read a script from disk. The text
    /// must be UTF-8; the first byte that is not is an error at its real place (line and
    /// column in Unicode scalars, as every script error), with the byte and its offset,
    /// before anything else is parsed. A leading UTF-8 byte order mark is skipped.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - name: The name errors and references use.
    ///   - vocabulary: The subject's own words.
    /// - Throws: `ScriptParseErrors`: ill-formed UTF-8, too many bytes, or the parse's errors.
    /// - Complexity: O(bytes).
    public static func parse(utf8 bytes: [UInt8], name: String = "<script>",
                             vocabulary: ScriptVocabulary = .chatScreen) throws(ScriptParseErrors) -> Script {
        if bytes.count > maxBytes {
            throw ScriptParseErrors([ScriptError(file: name, line: 1, column: 1,
                message: "script is \(bytes.count) bytes; the limit is \(maxBytes)")])
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if let bad = UTF8Validation.firstInvalidByte(in: body) {
            let at = bad - body.startIndex
            let (line, column) = UTF8Validation.lineAndColumn(ofByte: at, in: Array(body))
            let hex = String(bytes[bad], radix: 16, uppercase: true)
            throw ScriptParseErrors([ScriptError(file: name, line: line, column: column,
                message: "the file is not valid UTF-8: byte 0x\(hex.count < 2 ? "0" + hex : hex) at byte offset \(bad)")])
        }
        return try parse(String(decoding: body, as: UTF8.self), name: name, vocabulary: vocabulary)
    }
}
