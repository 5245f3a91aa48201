import Foundation
import SimCore
import EmojiText

/// Reads the seeds' pair: `emtions.plist` (an array of {group, name, type, fileName,
/// width, height[, count]}) and `emtionMeans.plist` (fileName -> meaning), with every
/// per-locale meaning file `emtionMeans_<locale>.plist` beside it (each locale's
/// meanings under its own key). Images live in `EmtionImages/`
/// beside the plists (or beside the plists themselves when that folder is absent).
///
/// `type` is `png`, `gif` or `png_sequence`; a sequence has `count` frames named
/// `<stem>_<i>.<ext>` for i in 0..<count (the seed's convention for fileName `stem.ext`).
/// Groups come in order of first appearance.
public enum SeedPlistImporter {
    /// The seeds' image folder name, looked for beside the plists; resource names are
    /// relative to it when it exists.
    public static let imageFolder = "EmtionImages"
    static let maxEntries = 100_000

    /// Imports a seed catalog from its two plists (and every `emtionMeans_<locale>.plist`
    /// beside `meanings`).
    ///
    /// - Parameters:
    ///   - emotions: `emtions.plist`, the entries (at most 100,000).
    ///   - meanings: `emtionMeans.plist`, the default meanings by file name.
    ///   - options: `lenient` skips bad entries instead of throwing; `wire` overrides the default.
    /// - Returns: The catalog, groups in order of first appearance.
    /// - Throws: ``CatalogImportError`` naming the plist, entry and key: an unreadable or
    ///   malformed plist, a missing key, a duplicate code, an image outside the folder, or
    ///   (strict) any bad entry; also when the result is past ``CatalogLimits``.
    /// - Complexity: O(*n*) in the entries plus the frames of their sequences.
    public static func load(emotions: URL, meanings: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let folder = emotions.deletingLastPathComponent()
        let paths = CatalogPaths(root: folder)
        let emotionsName = emotions.lastPathComponent
        let reader = PlistReader(file: emotionsName)
        let root = try reader.array(try reader.load(emotions))
        guard root.count <= maxEntries else {
            throw CatalogImportError(file: emotionsName, message: "\(root.count) entries; the limit is \(maxEntries)")
        }

        // Meanings: the plain file (the default, key ""), and every per-locale file
        // beside it (`emtionMeans_<locale>.plist`, key <locale>), so a conversion keeps
        // them all; `--locale` then picks which one is the default (CatalogLoader).
        var meaningsByFile = try loadMeanings(meanings)
        var localeMeanings: [(locale: String, meanings: [String: String])] = []
        for (locale, url) in try localeFiles(beside: meanings) {
            localeMeanings.append((locale, try loadMeanings(url)))
        }
        let hasImageFolder = FileManager.default.fileExists(atPath: folder.appendingPathComponent(imageFolder).path)
        let sub = hasImageFolder ? imageFolder : nil
        var sink = ProblemSink(lenient: options.lenient)
        var groups: [ImportedGroup] = []
        var groupIndex: [String: Int] = [:]
        var images: [String: URL] = [:]
        var sequences: [String: [URL]] = [:]
        var seenCodes: [String: Int] = [:]
        var usedMeaningKeys = Set<String>()

        for (i, raw) in root.enumerated() {
            do throws(CatalogImportError) {
                let d = try reader.dictionary(raw, entry: i)
                let group = try reader.string(d, "group", entry: i)
                let code = try reader.string(d, "name", entry: i)
                let type = try reader.string(d, "type", entry: i)
                let fileName = try reader.string(d, "fileName", entry: i)
                let width = try reader.optionalDimension(d, "width", entry: i)
                let height = try reader.optionalDimension(d, "height", entry: i)
                guard !code.isEmpty else { throw CatalogImportError(file: emotionsName, entry: i, key: "name", message: "empty code") }
                if let first = seenCodes[code] {
                    throw CatalogImportError(file: emotionsName, entry: i, key: "name", message: "duplicate code \(CatalogImportError.echo(code)) (first at entry \(first))")
                }
                let kind: Emoji.Kind
                switch type {
                case "png": kind = .staticImage
                case "gif", "png_sequence": kind = .animatedImage
                default:
                    throw CatalogImportError(file: emotionsName, entry: i, key: "type", message: "unknown type \(CatalogImportError.echo(type)) (png, gif or png_sequence)")
                }
                let url = try paths.resolve(fileName, in: sub, file: emotionsName, entry: i, key: "fileName")
                let resource = paths.relative(url)
                if type == "png_sequence" {
                    guard let count = try reader.optionalNumber(d, "count", entry: i) else {
                        throw CatalogImportError(file: emotionsName, entry: i, key: "count", message: "missing (png_sequence needs a frame count)")
                    }
                    guard count >= 1, count <= 1000, count == count.rounded() else {
                        throw CatalogImportError(file: emotionsName, entry: i, key: "count", message: "frame count must be a whole number from 1 to 1000")
                    }
                    let stem = (fileName as NSString).deletingPathExtension
                    let ext = (fileName as NSString).pathExtension.isEmpty ? "png" : (fileName as NSString).pathExtension
                    var frames: [URL] = []
                    for f in 0..<Int(count) {
                        frames.append(try paths.resolve("\(stem)_\(f).\(ext)", in: sub, file: emotionsName, entry: i, key: "fileName"))
                    }
                    sequences[resource] = frames
                } else {
                    images[resource] = url
                }
                var meanings: [String: String] = [:]
                if let m = meaningsByFile[fileName] ?? meaningsByFile[code] {
                    meanings[""] = m
                    usedMeaningKeys.insert(meaningsByFile[fileName] != nil ? fileName : code)
                }
                for (locale, table) in localeMeanings {
                    if let m = table[fileName] ?? table[code] { meanings[locale] = m }
                }
                let size: Size? = (width != nil && height != nil) ? Size(width: width!, height: height!) : nil
                let emoji = Emoji(code: code, kind: kind, imageName: resource, size: size, meanings: meanings, group: group)
                seenCodes[code] = i
                if let g = groupIndex[group] {
                    groups[g].emoji.append(emoji)
                } else {
                    groupIndex[group] = groups.count
                    groups.append(ImportedGroup(name: group, emoji: [emoji]))
                }
            } catch {
                try sink.report(error)
            }
        }
        for key in usedMeaningKeys { meaningsByFile[key] = nil }
        var catalog = try ImportedCatalog(format: .seedPlist, source: emotions, groups: groups, wire: options.wire ?? .code,
                               images: images, sequences: sequences, unusedMeanings: meaningsByFile.keys.sorted(),
                               skipped: sink.skipped)
        catalog.entryIndex = seenCodes
        return catalog
    }

    /// The most per-locale meaning files read beside one catalog.
    static let maxLocales = 100

    /// The per-locale meaning files beside `meanings` (`<stem>_<locale>.plist`), by
    /// locale, in name order. A locale is 1-35 letters, digits, `-` or `_` (BCP 47 and
    /// POSIX names: `en`, `zh-Hant`, `pt_BR`).
    static func localeFiles(beside meanings: URL) throws(CatalogImportError) -> [(String, URL)] {
        let folder = meanings.deletingLastPathComponent()
        let prefix = meanings.deletingPathExtension().lastPathComponent + "_"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        var out: [(String, URL)] = []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".plist") {
            let locale = String(name.dropFirst(prefix.count).dropLast(6))
            guard !locale.isEmpty, locale.utf8.count <= 35,
                  locale.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
            else { continue }
            guard out.count < maxLocales else {
                throw CatalogImportError(file: name, message: "more than \(maxLocales) per-locale meaning files beside \(meanings.lastPathComponent)")
            }
            out.append((locale, folder.appendingPathComponent(name)))
        }
        return out
    }

    static func loadMeanings(_ url: URL) throws(CatalogImportError) -> [String: String] {
        let reader = PlistReader(file: url.lastPathComponent)
        let dict = try reader.dictionary(try reader.load(url))
        var out: [String: String] = [:]
        for key in dict.keys.sorted() {
            guard let s = dict[key] as? String else {
                throw CatalogImportError(file: url.lastPathComponent, key: key,
                                         message: "expected a string meaning, found \(PlistReader.kind(dict[key]!))")
            }
            out[key] = s
        }
        return out
    }
}
