import Foundation
import SimCore
import EmojiText

/// EmojiSim's own catalog format, version 1 (docs/CATALOG-JSON.md): reading resolves
/// the paths of EmojiText's `CatalogJSON` reader (the one the wasm core uses too)
/// against the file's folder; writing is `catalog convert`'s. Every other format
/// converts to it. Image paths are relative to the JSON file.
///
///     {"format": "emojisim-catalog", "version": 1, "wire": "code",
///      "unicodeVersion": "15.0",
///      "groups": [{"name": "Seed", "titles": {"": "动图", "en": "Seed"}, "icon": "smile.png",
///                  "emoji": [{"code": "笑哭", "kind": "static", "image": "laugh.png",
///                             "frames": ["a_0.png", "a_1.png"], "width": 64, "height": 64,
///                             "meanings": {"": "笑哭", "en": "tears of joy"},
///                             "keywords": ["laugh"], "variants": []}]}]}
public enum JSONCatalog {
    /// The `format` value.
    public static let formatName = CatalogJSON.formatName
    /// The version read and written.
    public static let version = CatalogJSON.version
    /// The largest file read (16 MB holds far more than `CatalogLimits.maxEntries`
    /// entries of ordinary size).
    static let maxBytes = CatalogJSON.maxBytes

    // MARK: reading

    /// Reads the catalog JSON at `url`: the file (at most `maxBytes`, a regular file),
    /// then `CatalogJSON.parse`, then each path resolved inside the file's folder
    /// (`CatalogPaths`: a symlink leading out is refused too).
    /// - Parameters:
    ///   - url: The catalog JSON file; its folder is the root its image paths resolve in.
    ///   - options: `lenient` skips bad entries (listed in `skipped`); `locale` and
    ///     `wire` are applied by `CatalogLoader`, not here.
    /// - Returns: The catalog, with `source` at `url` and `root` at its folder.
    /// - Throws: `CatalogImportError` with the line, column and key of the problem.
    /// - Complexity: O(bytes + paths).
    public static func load(_ url: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let file = url.lastPathComponent
        let bytes = [UInt8](try CatalogFile.read(url, file: file, maxBytes: maxBytes))
        let doc: CatalogJSON.Document
        do throws(CatalogJSON.Failure) {
            doc = try CatalogJSON.parse(bytes, file: file, lenient: options.lenient)
        } catch {
            throw importError(error)
        }
        let root = url.deletingLastPathComponent()
        let paths = CatalogPaths(root: root)
        var sink = ProblemSink(lenient: options.lenient)
        sink.skipped = doc.skipped.map { CatalogProblem(.error, importError($0)) }
        func resolve(_ p: CatalogJSON.Path, entry: Int?) throws(CatalogImportError) -> (name: String, url: URL) {
            let u: URL
            do throws(CatalogImportError) {
                u = try paths.resolve(p.name, file: file, entry: entry, key: p.key, written: p.written)
            } catch {
                var e = error
                (e.line, e.column) = position(bytes, p.offset)
                throw e
            }
            return (paths.relative(u), u)
        }
        var groups: [ImportedGroup] = []
        var images: [String: URL] = [:]
        var sequences: [String: [URL]] = [:]
        var entryIndex: [String: Int] = [:]
        for g in doc.groups {
            do throws(CatalogImportError) {
                var group = ImportedGroup(name: g.name, titles: g.titles)
                if let icon = g.icon {
                    let r = try resolve(icon, entry: nil)
                    group.icon = r.name
                    images[r.name] = r.url
                }
                for e in g.emoji {
                    do throws(CatalogImportError) {
                        var newImages: [String: URL] = [:]
                        var imageName: String?
                        if let image = e.image {
                            let r = try resolve(image, entry: e.index)
                            imageName = r.name
                            newImages[r.name] = r.url
                        }
                        var frames: [URL]?
                        if let list = e.frames {
                            var out: [URL] = []
                            for f in list { out.append(try resolve(f, entry: e.index).url) }
                            frames = out
                            imageName = imageName ?? "\(e.code).sequence"
                        }
                        var variantImages: [String: String] = [:]
                        var variantMeanings: [String: [String: String]] = [:]
                        for v in e.variants {
                            if !v.meanings.isEmpty { variantMeanings[v.code] = v.meanings }
                            guard let image = v.image else { continue }
                            let r = try resolve(image, entry: e.index)
                            variantImages[v.code] = r.name
                            newImages[r.name] = r.url
                        }
                        images.merge(newImages) { a, _ in a }
                        if let frames, let imageName { sequences[imageName] = frames }
                        group.emoji.append(Emoji(code: e.code, kind: e.kind, imageName: imageName, size: e.size,
                                                 meanings: e.meanings, keywords: e.keywords, group: g.name,
                                                 variantMeanings: variantMeanings))
                        if !e.variants.isEmpty { group.variants[e.code] = e.variants.map(\.code) }
                        group.variantImages.merge(variantImages) { a, _ in a }
                        entryIndex[e.code] = e.index
                    } catch { try sink.report(error) }
                }
                groups.append(group)
            } catch { try sink.report(error) }
        }
        var catalog = try ImportedCatalog(format: .json, source: url, root: root, groups: groups, wire: doc.wire, images: images,
                                          sequences: sequences, unicodeVersion: doc.unicodeVersion, skipped: sink.skipped)
        catalog.entryIndex = entryIndex
        return catalog
    }

    /// The reader's failure as the importers' error (the same file, place and words).
    static func importError(_ f: CatalogJSON.Failure) -> CatalogImportError {
        CatalogImportError(file: f.file, entry: f.entry, line: f.line, column: f.column, key: f.key, message: f.message)
    }

    /// Line and column (1-based, in bytes) of `offset`.
    static func position(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        let f = PureJSON.Failure(bytes, offset, "")
        return (f.line, f.column)
    }

    // MARK: writing

    /// Writes `catalog` as JSON to `file`, self-contained and lossless: images that do
    /// not already sit under the JSON's folder are copied into `<stem>.images/` beside
    /// it, each at its path inside the catalog's folder (`EmtionImages/wave_0.png`), since
    /// a catalog may not point outside its own folder. Every copy's path goes through
    /// `ConfinedOutput`, so no name from the input leads outside `<stem>.images/`.
    /// Returns the number of images copied.
    ///
    /// The catalog must be one the core accepts (codes the placeholder scanner carries,
    /// unique codes and group names): a file `run` would refuse is not written.
    /// All or nothing: the targets are checked first, every copy and the JSON are staged
    /// as temporary files, and only then renamed into place (SafeFileWriter.Batch), the
    /// JSON last; a failure or a signal removes the temporaries, and a later run removes
    /// those a killed run left for the same files. `<stem>.images/` and every folder in it
    /// must be real folders, not symlinks. Nothing is deleted beforehand; files already
    /// in `<stem>.images/` that the catalog does not name stay. The bytes read are bounded by
    /// `CatalogLimits.maxImageBytes`.
    /// - Throws: `FileWriteError`, `CatalogImportError` (an image past the byte budget,
    ///   a catalog the core refuses).
    /// - Complexity: O(images' bytes + entries).
    /// - Parameters:
    ///   - catalog: The catalog to write; its images are read from where it names them.
    ///   - file: The JSON file to write; `<stem>.images/` is created beside it as needed.
    /// - Returns: The number of image files copied into `<stem>.images/`.
    @discardableResult
    public static func write(_ catalog: ImportedCatalog, to file: URL) throws -> Int {
        try SafeFileWriter.checkTarget(file)
        try checkLoadable(catalog)
        let dir = file.deletingLastPathComponent().standardizedFileURL
        let dirPath = dir.resolvingSymlinksInPath().path + "/"
        // Confined from the JSON's folder: `<stem>.images` itself may not be a symlink.
        let assets = ConfinedOutput(root: dir.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".images"),
                                    within: dir)
        let sourceRoot = CatalogPaths(root: catalog.root)
        var copy = catalog
        var copies: [(from: URL, to: String)] = []
        var targets: [String: URL] = [:]
        /// Where `url` is for the JSON: itself when inside the output folder, else its copy.
        func place(_ url: URL) throws -> URL {
            if url.standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(dirPath) { return url }
            let relative = sourceRoot.relative(url)
            if let t = targets[relative] { return t }
            let target = try assets.url(for: relative.hasPrefix("/") ? url.lastPathComponent : relative)
            targets[relative] = target
            copies.append((url, relative.hasPrefix("/") ? url.lastPathComponent : relative))
            return target
        }
        for (name, url) in catalog.images.sorted(by: { $0.key < $1.key }) { copy.images[name] = try place(url) }
        for (name, frames) in catalog.sequences.sorted(by: { $0.key < $1.key }) {
            var placed: [URL] = []
            for f in frames { placed.append(try place(f)) }
            copy.sequences[name] = placed
        }
        let data = try encode(copy, relativeTo: dir)
        var reader = ImageFileReader(file: catalog.source.lastPathComponent)
        var batch = SafeFileWriter.Batch(removingStaleTemporaries: true)
        var copied = 0
        do {
            for c in copies {
                try SafeFileWriter.checkTarget(try assets.url(for: c.to))
                // A missing source image is left out (catalog check reports it), as before.
                guard let bytes = try reader.read(c.from) else { continue }
                try assets.stage(bytes, at: c.to, in: &batch)
                copied += 1
            }
            try batch.add([UInt8](data), to: file)
            try batch.commit()
        } catch {
            batch.discard()
            throw error
        }
        return copied
    }

    /// Throws when the core would refuse `catalog` (what `run` and the playground load),
    /// naming the first entry at fault.
    static func checkLoadable(_ catalog: ImportedCatalog) throws(CatalogImportError) {
        do { _ = try CatalogBridge.emojiCatalog(catalog) } catch {
            throw CatalogImportError(file: catalog.source.lastPathComponent,
                                     message: "not written: the catalog would not load (\(messageText(error.description, limit: 400)))")
        }
    }

    /// The catalog as version-1 JSON, with image paths relative to `directory` (where
    /// the JSON will be written). Keys are sorted so the output is byte-stable. Every
    /// locale's meanings and titles, sequences' frames and variants' images are kept.
    /// - Throws: what `JSONSerialization` throws (nothing for an imported catalog).
    /// - Complexity: O(entries).
    /// - Parameters:
    ///   - catalog: The catalog to encode; its image URLs are made relative to `directory`.
    ///   - directory: The folder the JSON will be written in.
    /// - Returns: The UTF-8 JSON bytes.
    public static func encode(_ catalog: ImportedCatalog, relativeTo directory: URL) throws -> Data {
        let base = directory.standardizedFileURL.path
        func rel(_ url: URL) -> String {
            let p = url.standardizedFileURL.path
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if p.hasPrefix(prefix) { return String(p.dropFirst(prefix.count)) }
            // Outside the output folder: climb with "../" from the common ancestor.
            let a = prefix.split(separator: "/"), b = p.split(separator: "/")
            var k = 0
            while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
            return (Array(repeating: "..", count: a.count - k) + b[k...].map(String.init)).joined(separator: "/")
        }
        func image(_ name: String) -> String { catalog.images[name].map(rel) ?? name }
        var groups: [[String: Any]] = []
        for g in catalog.groups {
            var gd: [String: Any] = ["name": g.name]
            if !g.titles.isEmpty { gd["titles"] = g.titles }
            if let icon = g.icon { gd["icon"] = image(icon) }
            var list: [[String: Any]] = []
            for e in g.emoji {
                var d: [String: Any] = ["code": e.code]
                switch e.kind {
                case .unicode: d["kind"] = "unicode"
                case .staticImage: d["kind"] = "static"
                case .animatedImage: d["kind"] = "animated"
                }
                if let name = e.imageName {
                    if let frames = catalog.sequences[name] {
                        d["frames"] = frames.map(rel)
                        // A sequence named by an image of its own (JSON's `image` beside `frames`) keeps it.
                        if catalog.images[name] != nil { d["image"] = image(name) }
                    } else {
                        d["image"] = image(name)
                    }
                }
                if let s = e.size { d["width"] = s.width; d["height"] = s.height }
                if !e.meanings.isEmpty { d["meanings"] = e.meanings }
                if !e.keywords.isEmpty { d["keywords"] = e.keywords }
                if let v = g.variants[e.code], !v.isEmpty {
                    d["variants"] = v.map { code -> Any in
                        let name = g.variantImages[code], meanings = e.variantMeanings[code] ?? [:]
                        guard name != nil || !meanings.isEmpty else { return code }
                        var o: [String: Any] = ["code": code]
                        if let name { o["image"] = image(name) }
                        if !meanings.isEmpty { o["meanings"] = meanings }
                        return o
                    }
                }
                list.append(d)
            }
            gd["emoji"] = list
            groups.append(gd)
        }
        var root: [String: Any] = ["format": formatName, "version": version, "wire": catalog.wire.rawValue, "groups": groups]
        if let v = catalog.unicodeVersion { root["unicodeVersion"] = v }
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}
