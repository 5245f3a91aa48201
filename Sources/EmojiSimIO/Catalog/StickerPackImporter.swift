import Foundation
import EmojiText

/// Reads PPStickerKeyboard's `InnerStickersInfo.plist`: an array of packs
/// `{cover_pic, emoticons: [{image, desc}]}`. Each pack becomes a group whose tab icon
/// is the cover; the wire placeholder is `[desc]`, so the code is `desc` without
/// brackets. Images are looked up beside the plist.
public enum StickerPackImporter {
    /// Imports `InnerStickersInfo.plist` at `url`.
    ///
    /// - Parameters:
    ///   - url: The plist; images are resolved in its folder.
    ///   - options: `lenient` skips bad packs and stickers instead of throwing; `wire`
    ///     overrides the default.
    /// - Returns: The catalog, one group per pack in file order.
    /// - Throws: ``CatalogImportError`` naming the plist, entry and key when the plist is
    ///   unreadable or malformed, or (strict) an entry is bad or its image is missing or
    ///   outside the folder.
    /// - Complexity: O(*n*) in the number of stickers.
    public static func load(_ url: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let file = url.lastPathComponent
        let paths = CatalogPaths(root: url.deletingLastPathComponent())
        let reader = PlistReader(file: file)
        let packs = try reader.array(try reader.load(url))
        var sink = ProblemSink(lenient: options.lenient)
        var groups: [ImportedGroup] = []
        var images: [String: URL] = [:]
        var seen: [String: String] = [:]
        var groupNames: [String: Int] = [:]
        var entry = 0
        for (p, rawPack) in packs.enumerated() {
            let pack: [String: Any]
            do throws(CatalogImportError) {
                pack = try reader.dictionary(rawPack, entry: p)
            } catch { try sink.report(error); continue }
            var group = ImportedGroup(name: "Pack \(p + 1)")
            do throws(CatalogImportError) {
                if let cover = try reader.optionalString(pack, "cover_pic", entry: p) {
                    let u = try paths.resolve(cover, file: file, entry: p, key: "cover_pic")
                    group.icon = paths.relative(u)
                    images[paths.relative(u)] = u
                    group.name = (cover as NSString).deletingPathExtension
                }
                // Group names are unique (a tab is found by its name): two packs with one cover name are an error.
                if let first = groupNames[group.name] {
                    throw CatalogImportError(file: file, entry: p, key: "cover_pic",
                                             message: "duplicate group name \(CatalogImportError.echo(group.name)) (also pack \(first))")
                }
                groupNames[group.name] = p
                guard let list = pack["emoticons"] else {
                    throw CatalogImportError(file: file, entry: p, key: "emoticons", message: "missing")
                }
                let emoticons = try reader.array(list, entry: p, key: "emoticons")
                for (k, rawItem) in emoticons.enumerated() {
                    entry += 1
                    do throws(CatalogImportError) {
                        let item = try reader.dictionary(rawItem, entry: p, key: "emoticons[\(k)]")
                        let image = try reader.string(item, "image", entry: p)
                        let desc = try reader.string(item, "desc", entry: p)
                        let code = stripBrackets(desc)
                        guard !code.isEmpty else {
                            throw CatalogImportError(file: file, entry: p, key: "emoticons[\(k)].desc", message: "empty description")
                        }
                        if let other = seen[code] {
                            throw CatalogImportError(file: file, entry: p, key: "emoticons[\(k)].desc", message: "duplicate code \(CatalogImportError.echo(code)) (also in \(other))")
                        }
                        let u = try paths.resolve(image, file: file, entry: p, key: "emoticons[\(k)].image")
                        let resource = paths.relative(u)
                        images[resource] = u
                        let kind: Emoji.Kind = image.lowercased().hasSuffix(".gif") ? .animatedImage : .staticImage
                        seen[code] = "pack \(p)"
                        group.emoji.append(Emoji(code: code, kind: kind, imageName: resource, meanings: ["": code], group: group.name))
                    } catch { try sink.report(error) }
                }
            } catch {
                try sink.report(error)
                if let first = groupNames[group.name], first != p { continue } // a duplicate is left out
            }
            groups.append(group)
        }
        return try ImportedCatalog(format: .stickerPack, source: url, groups: groups, wire: options.wire ?? .code,
                               images: images, skipped: sink.skipped)
    }

    /// `[微笑]` -> `微笑`; text without brackets is returned as is.
    static func stripBrackets(_ s: String) -> String {
        if s.hasPrefix("["), s.hasSuffix("]"), s.count >= 2 { return String(s.dropFirst().dropLast()) }
        return s
    }
}
