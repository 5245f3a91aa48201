import Foundation
import EmojiText

/// Reads Weibo-style emotion lists (the GYEmotion `info.plist` shape): entries with
/// `chs` (a description like `[微笑]`), `cht` (traditional Chinese), `png`, `gif`, `type`
/// (0 an image, 1 a Unicode emoji) and `code` (a hex code point such as `0x1f603`).
/// One list per folder; the folder's name is the group. Given a folder that holds such
/// folders, every subfolder with an `info.plist` is a group, in name order.
public enum WeiboListImporter {
    /// The list's file name in each group folder.
    public static let listName = "info.plist"

    /// Imports a Weibo list: an `info.plist` file, a folder holding one, or a folder of
    /// such folders.
    ///
    /// - Parameters:
    ///   - url: The list file or folder; images are resolved inside the folder that holds
    ///     the group folders (or the list's own folder).
    ///   - options: `lenient` skips bad entries instead of throwing; `wire` overrides the default.
    /// - Returns: The catalog, one group per list.
    /// - Throws: ``CatalogImportError`` when no `info.plist` is found, a list is unreadable or
    ///   malformed, or (strict) an entry is bad or a code repeats across groups.
    /// - Complexity: O(*n* log *n*) in the folder's entries plus O(*m*) in the list entries.
    public static func load(_ url: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        var isDir: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
        var lists: [URL] = []
        let root: URL
        if isDir.boolValue {
            root = url
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(listName).path) {
                lists = [url.appendingPathComponent(listName)]
            } else {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                for n in names.sorted() {
                    let candidate = url.appendingPathComponent(n).appendingPathComponent(listName)
                    if FileManager.default.fileExists(atPath: candidate.path) { lists.append(candidate) }
                }
            }
        } else {
            root = url.deletingLastPathComponent()
            lists = [url]
        }
        guard !lists.isEmpty else {
            throw CatalogImportError(file: url.lastPathComponent, message: "no \(listName) found in the folder or its subfolders")
        }
        let paths = CatalogPaths(root: root)
        var sink = ProblemSink(lenient: options.lenient)
        var groups: [ImportedGroup] = []
        var images: [String: URL] = [:]
        var seen: [String: String] = [:]
        for list in lists {
            let folder = list.deletingLastPathComponent()
            let groupName = folder.lastPathComponent
            let file = paths.relative(list)
            let reader = PlistReader(file: file)
            let entries: [Any]
            do throws(CatalogImportError) {
                let loaded = try reader.load(list)
                // Some lists wrap the array in {"emoticons": [...]}.
                if let d = loaded as? [String: Any], let inner = d["emoticons"] {
                    entries = try reader.array(inner, key: "emoticons")
                } else {
                    entries = try reader.array(loaded)
                }
            } catch { try sink.report(error); continue }
            var group = ImportedGroup(name: groupName)
            let sub = paths.relative(folder)
            for (i, raw) in entries.enumerated() {
                do throws(CatalogImportError) {
                    let d = try reader.dictionary(raw, entry: i)
                    let typeValue = try reader.optionalNumber(d, "type", entry: i) ?? 0
                    if typeValue == 1 {
                        guard let hex = try reader.optionalString(d, "code", entry: i) else {
                            throw CatalogImportError(file: file, entry: i, key: "code", message: "missing (a type 1 entry is a Unicode emoji)")
                        }
                        guard let emoji = unicodeString(fromHex: hex) else {
                            throw CatalogImportError(file: file, entry: i, key: "code", message: "\(CatalogImportError.echo(hex)) is not a hex code point like 0x1f603")
                        }
                        if let other = seen[emoji] {
                            throw CatalogImportError(file: file, entry: i, key: "code", message: "duplicate emoji \(CatalogImportError.echo(emoji)) (also in \(other))")
                        }
                        seen[emoji] = file
                        group.emoji.append(Emoji(code: emoji, kind: .unicode, meanings: ["": emoji], group: groupName))
                    } else if typeValue == 0 {
                        let chs = try reader.string(d, "chs", entry: i)
                        let code = StickerPackImporter.stripBrackets(chs)
                        guard !code.isEmpty else { throw CatalogImportError(file: file, entry: i, key: "chs", message: "empty description") }
                        if let other = seen[code] {
                            throw CatalogImportError(file: file, entry: i, key: "chs", message: "duplicate code \(CatalogImportError.echo(code)) (also in \(other))")
                        }
                        let gif = try reader.optionalString(d, "gif", entry: i)
                        let png = try reader.optionalString(d, "png", entry: i)
                        guard let imageFile = gif ?? png else {
                            throw CatalogImportError(file: file, entry: i, key: "png", message: "missing (an image entry needs png or gif)")
                        }
                        let u = try paths.resolve(imageFile, in: sub.isEmpty ? nil : sub, file: file, entry: i, key: gif != nil ? "gif" : "png")
                        let resource = paths.relative(u)
                        images[resource] = u
                        var meanings = ["": code]
                        if let cht = try reader.optionalString(d, "cht", entry: i) { meanings["zh-Hant"] = StickerPackImporter.stripBrackets(cht) }
                        seen[code] = file
                        group.emoji.append(Emoji(code: code, kind: gif != nil ? .animatedImage : .staticImage,
                                                 imageName: resource, meanings: meanings, group: groupName))
                    } else {
                        throw CatalogImportError(file: file, entry: i, key: "type", message: "expected 0 (image) or 1 (Unicode emoji), found \(formatNumber(typeValue))")
                    }
                } catch { try sink.report(error) }
            }
            groups.append(group)
        }
        return try ImportedCatalog(format: .weiboList, source: url, root: root, groups: groups, wire: options.wire ?? .meaning,
                               images: images, skipped: sink.skipped)
    }

    /// `0x1f603` (or `1f603`, or `0x1f468-0x200d-...` joined by `-`, `_` or spaces) -> the emoji.
    static func unicodeString(fromHex hex: String) -> String? {
        var scalars = String.UnicodeScalarView()
        let parts = hex.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
        guard !parts.isEmpty, parts.count <= 16 else { return nil }
        for p in parts {
            var s = p.lowercased()[...]
            if s.hasPrefix("0x") { s = s.dropFirst(2) }
            guard !s.isEmpty, s.count <= 6, let v = UInt32(s, radix: 16), let scalar = Unicode.Scalar(v) else { return nil }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    private static func formatNumber(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
