import Foundation
import EmojiText

/// Reads a folder of emoji images named by code point, as Noto Emoji
/// (`emoji_u1f600.png`, `emoji_u1f468_200d_1f469.png`) and Twemoji (`1f600.png`,
/// `1f468-200d-1f469.png`) ship them, and maps them onto Unicode emoji so that pixel
/// renders show real images. Groups and order come from a Unicode catalog (the bundled
/// emoji-test.txt unless given); images with no Unicode entry go to a group "Other". An
/// image whose code points have no Unicode name (private use such as
/// `emoji_ue000.png`, unassigned ones) keeps its file name as code and label: an image
/// emoji found by label `emoji_ue000` and inserted as its placeholder, never a raw
/// private-use character nobody can read or find.
/// Names drop U+FE0F, as both sets do, so matching ignores it.
public enum CodePointFolderImporter {
    /// The most entries a folder may list before anything is read; past it the import throws
    /// instead of resolving every file (a wrong folder such as `/usr/lib` fails fast).
    public static let maxFiles = 20_000

    /// Imports a code-point folder, taking group order and meanings from `unicode`.
    ///
    /// - Parameters:
    ///   - folder: The folder of images; only `.png` and `.gif` files named by code point
    ///     are used, others are ignored.
    ///   - unicode: The Unicode catalog that gives groups, order, names and skin-tone
    ///     variants (usually ``CatalogLoader/bundledUnicode(options:)``).
    ///   - options: `lenient` skips files that resolve outside the folder instead of
    ///     throwing; `wire` overrides the default `.unicode` wire format.
    /// - Returns: The catalog, with one image per matched emoji and the unmatched images in
    ///   a last group named "Other".
    /// - Throws: ``CatalogImportError`` when the folder cannot be listed, holds more than
    ///   ``maxFiles`` entries, has no image named by code point, has a file that resolves
    ///   outside it (strict), or the result is past ``CatalogLimits``.
    /// - Complexity: O(*n* log *n*) in the folder's entries plus O(*m*) in the Unicode catalog's.
    public static func load(_ folder: URL, unicode: ImportedCatalog, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw CatalogImportError(file: folder.lastPathComponent, message: "cannot list the folder (\(ErrorText.describe(error)))")
        }
        guard names.count <= maxFiles else {
            throw CatalogImportError(file: folder.lastPathComponent, message: "\(names.count) files; the limit is \(maxFiles)")
        }
        // Names come from the listing, but each may be a symlink: resolve it with the same
        // confinement as the plist importers' file names, so `1f602.png -> /etc/passwd`
        // is refused (or skipped, when lenient) instead of read.
        let paths = CatalogPaths(root: folder)
        var sink = ProblemSink(lenient: options.lenient)
        var byKey: [String: String] = [:]        // emoji without FE0F -> file name
        var resolved: [String: URL] = [:]        // file name -> confined file
        for name in names.sorted() {
            guard let emoji = emoji(fromFileName: name) else { continue }
            do throws(CatalogImportError) {
                resolved[name] = try paths.resolve(name, file: folder.lastPathComponent, entry: nil, key: name)
            } catch {
                try sink.report(error)
                continue
            }
            byKey[EmojiTestImporter.withoutVS16(emoji)] = name
        }
        guard !byKey.isEmpty else {
            throw CatalogImportError(file: folder.lastPathComponent, message: "no image named by code point (like emoji_u1f600.png or 1f600.png)")
        }
        var used = Set<String>()
        var images: [String: URL] = [:]
        var groups: [ImportedGroup] = []
        for g in unicode.groups {
            var group = ImportedGroup(name: g.name)
            for var e in g.emoji {
                guard let file = byKey[EmojiTestImporter.withoutVS16(e.code)] else { continue }
                used.insert(file)
                e.imageName = file
                images[file] = resolved[file]
                group.emoji.append(e)
                if let v = g.variants[e.code] {
                    group.variants[e.code] = v
                    // A skin-tone variant's image belongs to its base: listing it again
                    // under "Other" would register the variant's code twice.
                    for code in v {
                        if let f = byKey[EmojiTestImporter.withoutVS16(code)] {
                            used.insert(f)
                            images[f] = resolved[f]
                            group.variantImages[code] = f
                        }
                    }
                }
            }
            if !group.emoji.isEmpty { groups.append(group) }
        }
        var other = ImportedGroup(name: "Other")
        for (key, file) in byKey.sorted(by: { $0.value < $1.value }) where !used.contains(file) {
            images[file] = resolved[file]
            if Self.isNamed(key) {
                other.emoji.append(Emoji(code: key, kind: .unicode, imageName: file, meanings: ["": key], group: "Other"))
            } else {
                let stem = String(file.dropLast(4))
                let kind: Emoji.Kind = file.lowercased().hasSuffix(".gif") ? .animatedImage : .staticImage
                other.emoji.append(Emoji(code: stem, kind: kind, imageName: file, meanings: ["": stem], group: "Other"))
            }
        }
        if !other.emoji.isEmpty { groups.append(other) }
        return try ImportedCatalog(format: .codePointFolder, source: folder, root: folder, groups: groups, wire: options.wire ?? .unicode,
                               images: images, unicodeVersion: unicode.unicodeVersion, skipped: sink.skipped)
    }

    /// Whether every code point of `key` has a Unicode name (U+E000 and other private-use
    /// or unassigned code points have none), so the text can stand for the image.
    static func isNamed(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.name != nil }
    }

    /// `emoji_u1f468_200d_1f469.png` or `1f468-200d-1f469.png` -> "👨‍👩"; nil for other names.
    ///
    /// - Parameter name: A file name, in any letter case.
    /// - Returns: The emoji the name spells, or `nil` when it is not a `.png` or `.gif` named
    ///   by hex code points separated by `_` or `-`, or a code point is not a scalar.
    public static func emoji(fromFileName name: String) -> String? {
        let lower = name.lowercased()
        guard lower.hasSuffix(".png") || lower.hasSuffix(".gif") else { return nil }
        var stem = lower.dropLast(4)
        if stem.hasPrefix("emoji_u") { stem = stem.dropFirst(7) }
        guard !stem.isEmpty, stem.allSatisfy({ $0.isHexDigit || $0 == "_" || $0 == "-" }) else { return nil }
        return WeiboListImporter.unicodeString(fromHex: String(stem))
    }
}
