import Foundation
import SimCore
import EmojiText

/// Reads the seeds' pair: `emtions.plist` (an array of {group, name, type, fileName,
/// width, height[, count]}) and `emtionMeans.plist` (fileName -> meaning), with optional
/// per-locale meaning files `emtionMeans_<locale>.plist`. Images live in `EmtionImages/`
/// beside the plists (or beside the plists themselves when that folder is absent).
///
/// `type` is `png`, `gif` or `png_sequence`; a sequence has `count` frames named
/// `<stem>_<i>.<ext>` for i in 0..<count (the seed's convention for fileName `stem.ext`).
/// Groups come in order of first appearance.
public enum SeedPlistImporter {
    public static let imageFolder = "EmtionImages"
    static let maxEntries = 100_000

    public static func load(emotions: URL, meanings: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let folder = emotions.deletingLastPathComponent()
        let paths = CatalogPaths(root: folder)
        let emotionsName = emotions.lastPathComponent
        let reader = PlistReader(file: emotionsName)
        let root = try reader.array(try reader.load(emotions))
        guard root.count <= maxEntries else {
            throw CatalogImportError(file: emotionsName, message: "\(root.count) entries; the limit is \(maxEntries)")
        }

        // Meanings: the plain file, overlaid by the locale's file when asked for and present.
        var meaningsByFile = try loadMeanings(meanings)
        var localeMeanings: [String: String] = [:]
        if !options.locale.isEmpty {
            let stem = meanings.deletingPathExtension().lastPathComponent
            let localeURL = meanings.deletingLastPathComponent().appendingPathComponent("\(stem)_\(options.locale).plist")
            if FileManager.default.fileExists(atPath: localeURL.path) {
                localeMeanings = try loadMeanings(localeURL)
            }
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
                    throw CatalogImportError(file: emotionsName, entry: i, key: "name", message: "duplicate code \"\(code)\" (first at entry \(first))")
                }
                let kind: Emoji.Kind
                switch type {
                case "png": kind = .staticImage
                case "gif", "png_sequence": kind = .animatedImage
                default:
                    throw CatalogImportError(file: emotionsName, entry: i, key: "type", message: "unknown type \"\(type)\" (png, gif or png_sequence)")
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
                if let m = localeMeanings[fileName] ?? localeMeanings[code] { meanings[options.locale] = m }
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
