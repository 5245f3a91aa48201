// libFuzzer target for the two line-based Unicode-data parsers of the catalog importers:
// emoji-test.txt (EmojiTestImporter.parse, strict and lenient, with and without the
// unqualified forms) and code-point file names (CodePointFolderImporter's
// `emoji_u1f468_200d_1f469.png` / `1f468-200d-1f469.gif`, one name a line). Every input
// must parse or throw a CatalogImportError; a name that parses gives scalars that re-form
// the name's code points.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmojiTest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for lenient in [false, true] {
        for unqualified in [false, true] {
            let options = CatalogImportOptions(lenient: lenient, includeUnqualified: unqualified)
            if let c = try? EmojiTestImporter.parse(text, file: "emoji-test.txt", options: options) {
                precondition(c.emojiCount <= CatalogLimits.maxEntries, "more entries than the limit")
                // Duplicates are refused by scalars (canonically equivalent spellings are distinct codes).
                precondition(Set(c.allEmoji.map { $0.code.unicodeScalars.map(\.value) }).count == c.emojiCount, "duplicate code points imported")
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
