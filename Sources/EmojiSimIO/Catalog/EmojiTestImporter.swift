import Foundation
import EmojiText

/// Reads Unicode's `emoji-test.txt`: groups and subgroups in file order, fully-qualified
/// entries by default, skin-tone variants attached to their base emoji (for a variant
/// picker) instead of flooding the grid, CLDR names as meanings and search keywords, and
/// the version from the header.
///
/// Line format: `code points ; status # emoji E<version> name`. Linear in the file size.
public enum EmojiTestImporter {
    static let maxBytes = 16 << 20
    static let skinTones: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF

    /// Imports the emoji-test.txt file at `url` (at most 16 MiB).
    ///
    /// - Parameters:
    ///   - url: The file; its last path component names it in errors.
    ///   - options: `lenient` skips bad lines instead of throwing; `includeUnqualified` keeps
    ///     minimally-qualified and unqualified entries; `wire` overrides `.unicode`.
    /// - Returns: The catalog, with ``ImportedCatalog/source`` set to `url`.
    /// - Throws: ``CatalogImportError`` when the file cannot be read, is too large, or (strict)
    ///   has a malformed line.
    /// - Complexity: O(*n*) in the file's size.
    public static func load(_ url: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let file = url.lastPathComponent
        let data = try CatalogFile.read(url, file: file, maxBytes: maxBytes)
        var catalog = try parse(bytes: [UInt8](data), file: file, options: options)
        catalog.source = url
        return catalog
    }

    /// `parse(bytes:file:options:)` over a text already decoded.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The name errors give for the file.
    ///   - options: As for ``parse(bytes:file:options:)``.
    /// - Returns: The catalog; its `source` is `file` as a relative URL.
    /// - Throws: ``CatalogImportError`` naming `file` and the line.
    /// - Complexity: O(*n*) in the text's UTF-8 length.
    public static func parse(_ text: String, file: String, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        try parse(bytes: Array(text.utf8), file: file, options: options)
    }

    /// The catalog in the bytes of an emoji-test.txt. Lines end with LF, CR LF or CR
    /// (`TextLines`); each line must be UTF-8 (an error names the line and column of the
    /// first bad byte). Strict: throws the first bad line; lenient: skips it.
    /// - Throws: `CatalogImportError` naming the file and line.
    /// - Complexity: O(bytes).
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The name errors give for the file.
    ///   - options: `lenient`, `includeUnqualified` and `wire` as for ``load(_:options:)``.
    /// - Returns: The catalog, groups in file order.
    public static func parse(bytes: [UInt8], file: String, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        var sink = ProblemSink(lenient: options.lenient)
        var groups: [ImportedGroup] = []
        var subgroup = ""
        var version: String?
        var baseIndex: [String: (group: Int, index: Int)] = [:]
        // Line of each code point sequence taken, by its scalars (not String equality,
        // which would merge canonically equivalent spellings).
        var firstLine: [[UInt32]: Int] = [:]
        // Each group's first line and index, and the group entries now go to.
        var groupLine: [String: (line: Int, index: Int)] = [:]
        var current = -1
        for textLine in TextLines(bytes) {
            let lineNumber = textLine.number
            guard let rawLine = textLine.text else {
                let column = (textLine.invalidByte ?? textLine.offset) - textLine.offset + 1
                try sink.report(CatalogImportError(file: file, line: lineNumber, column: column,
                                                   message: "not valid UTF-8 (byte \(textLine.invalidByte ?? textLine.offset))"))
                continue
            }
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                let comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
                if comment.hasPrefix("group:") {
                    let name = comment.dropFirst(6).trimmingCharacters(in: .whitespaces)
                    subgroup = ""
                    // Group names are unique in every catalog format (a tab is found by its
                    // name); a repeated group line is an error, and a lenient import
                    // carries on in the group of that name.
                    if let (first, index) = groupLine[name] {
                        try sink.report(CatalogImportError(file: file, line: lineNumber,
                                                           message: "duplicate group \(CatalogImportError.echo(name)) (first on line \(first))"))
                        current = index
                        continue
                    }
                    groupLine[name] = (lineNumber, groups.count)
                    current = groups.count
                    groups.append(ImportedGroup(name: name))
                } else if comment.hasPrefix("subgroup:") {
                    subgroup = comment.dropFirst(9).trimmingCharacters(in: .whitespaces)
                } else if comment.hasPrefix("Version:"), version == nil {
                    version = comment.dropFirst(8).trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            do throws(CatalogImportError) {
                guard let semi = line.firstIndex(of: ";"), let hash = line.firstIndex(of: "#"), semi < hash else {
                    throw CatalogImportError(file: file, line: lineNumber, message: "expected 'code points ; status # emoji name'")
                }
                let codes = line[..<semi].split(separator: " ")
                let status = line[line.index(after: semi)..<hash].trimmingCharacters(in: .whitespaces)
                var scalars = String.UnicodeScalarView()
                for c in codes {
                    guard c.count <= 6, let v = UInt32(c, radix: 16), let s = Unicode.Scalar(v) else {
                        throw CatalogImportError(file: file, line: lineNumber, message: "\(CatalogImportError.echo(String(c))) is not a hex code point")
                    }
                    scalars.append(s)
                }
                guard !scalars.isEmpty else { throw CatalogImportError(file: file, line: lineNumber, message: "no code points") }
                switch status {
                case "fully-qualified": break
                case "minimally-qualified", "unqualified": if !options.includeUnqualified { continue }
                case "component": continue
                default: throw CatalogImportError(file: file, line: lineNumber, message: "unknown status \(CatalogImportError.echo(status))")
                }
                guard !groups.isEmpty else {
                    throw CatalogImportError(file: file, line: lineNumber, message: "entry before the first '# group:' line")
                }
                // After '#': "<emoji> E<version> <name>".
                let comment = line[line.index(after: hash)...].trimmingCharacters(in: .whitespaces)
                let words = comment.split(separator: " ", maxSplits: 2)
                let name = words.count == 3 ? String(words[2]) : (words.count == 2 ? String(words[1]) : "")
                let emoji = String(scalars)
                let key = scalars.map(\.value)
                if let first = firstLine[key] {
                    throw CatalogImportError(file: file, line: lineNumber, message: "duplicate code points \(codes.joined(separator: " ")) (first on line \(first))")
                }
                firstLine[key] = lineNumber
                // A skin-tone variant joins its base instead of taking a cell.
                if scalars.contains(where: { skinTones.contains($0.value) }) {
                    var base = String.UnicodeScalarView()
                    for s in scalars where !skinTones.contains(s.value) { base.append(s) }
                    let baseString = String(base)
                    // Bases usually carry FE0F where the toned form does not (☝️ vs ☝🏻).
                    let key = baseIndex[baseString] ?? baseIndex[withoutVS16(baseString)]
                    if let (g, k) = key {
                        groups[g].variants[groups[g].emoji[k].code, default: []].append(emoji)
                        // Each variant keeps its own name ("waving hand: medium skin tone").
                        if !name.isEmpty { groups[g].emoji[k].variantMeanings[emoji] = ["": name, "en": name] }
                        continue
                    }
                }
                let g = current
                var keywords = name.split(separator: " ").map(String.init)
                if !subgroup.isEmpty { keywords.append(subgroup) }
                groups[g].emoji.append(Emoji(code: emoji, kind: .unicode, meanings: ["": name, "en": name],
                                             keywords: keywords, group: groups[g].name))
                baseIndex[emoji] = (g, groups[g].emoji.count - 1)
                baseIndex[withoutVS16(emoji)] = baseIndex[withoutVS16(emoji)] ?? (g, groups[g].emoji.count - 1)
            } catch {
                try sink.report(error)
            }
        }
        groups.removeAll { $0.emoji.isEmpty }
        return try ImportedCatalog(format: .unicodeTest, source: URL(fileURLWithPath: file), groups: groups,
                               wire: options.wire ?? .unicode, unicodeVersion: version, skipped: sink.skipped)
    }

    /// The emoji without U+FE0F (emoji presentation selectors), as image file names spell it.
    static func withoutVS16(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars where u.value != 0xFE0F { out.append(u) }
        return String(out)
    }
}
