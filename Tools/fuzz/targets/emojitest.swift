// libFuzzer target for the two line-based Unicode-data parsers of the catalog importers:
// emoji-test.txt (EmojiTestImporter.parse(bytes:), the raw bytes, strict and lenient,
// with and without the unqualified forms; an input without CR must read the same with
// every LF made CR LF, issue 26 item 11) and code-point file names (CodePointFolderImporter's
// `emoji_u1f468_200d_1f469.png` / `1f468-200d-1f469.gif`, one name a line). Every input
// must parse or throw a CatalogImportError; a name that parses gives scalars that re-form
// the name's code points.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmojiTest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    let crlf: [UInt8]? = bytes.contains(0x0D) ? nil : bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
    for lenient in [false, true] {
        for unqualified in [false, true] {
            let options = CatalogImportOptions(lenient: lenient, includeUnqualified: unqualified)
            let result = Result { () throws(CatalogImportError) in try EmojiTestImporter.parse(bytes: bytes, file: "emoji-test.txt", options: options) }
            if case .success(let c) = result {
                precondition(c.emojiCount <= CatalogLimits.maxEntries, "more entries than the limit")
                // Duplicates are refused by scalars (canonically equivalent spellings are distinct codes).
                precondition(Set(c.allEmoji.map { $0.code.unicodeScalars.map(\.value) }).count == c.emojiCount, "duplicate code points imported")
                precondition(Set(c.groups.map(\.name)).count == c.groups.count, "duplicate group names imported")
            }
            if let crlf {
                let again = Result { () throws(CatalogImportError) in try EmojiTestImporter.parse(bytes: crlf, file: "emoji-test.txt", options: options) }
                switch (result, again) {
                case (.success(let a), .success(let b)):
                    precondition(a.groups == b.groups && a.unicodeVersion == b.unicodeVersion && a.skipped.count == b.skipped.count,
                                 "CR LF line ends read differently")
                case (.failure(let a), .failure(let b)):
                    precondition(a.line == b.line, "CR LF line ends fail on another line")
                default:
                    preconditionFailure("CR LF line ends change whether the file reads")
                }
            }
        }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(4096) {
        guard let e = CodePointFolderImporter.emoji(fromFileName: String(line)) else { continue }
        precondition(!e.isEmpty, "empty emoji from a file name")
        let hex = e.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
        precondition(CodePointFolderImporter.emoji(fromFileName: hex + ".png") == e, "code-point name round trip differs")
    }
    return 0
}
