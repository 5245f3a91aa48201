import Foundation
import SimCore
import EmojiText

/// EmojiSim's own catalog format, version 1 (docs/CATALOG-JSON.md). Every other format
/// converts to it. Image paths are relative to the JSON file.
///
///     {"format": "emojisim-catalog", "version": 1, "wire": "code",
///      "unicodeVersion": "15.0",
///      "groups": [{"name": "经典", "icon": "smile.png",
///                  "emoji": [{"code": "笑哭", "kind": "static", "image": "laugh.png",
///                             "frames": ["a_0.png", "a_1.png"], "width": 64, "height": 64,
///                             "meanings": {"": "笑哭", "en": "tears of joy"},
///                             "keywords": ["laugh"], "variants": []}]}]}
public enum JSONCatalog {
    public static let formatName = "emojisim-catalog"
    public static let version = 1
    /// 16 MB holds far more than `CatalogLimits.maxEntries` entries of ordinary size;
    /// Foundation's JSON objects cost about 50 times the text, so this bounds the parse.
    static let maxBytes = 16 << 20

    // MARK: reading

    public static func load(_ url: URL, options: CatalogImportOptions = .init()) throws(CatalogImportError) -> ImportedCatalog {
        let file = url.lastPathComponent
        let data = try CatalogFile.read(url, file: file, maxBytes: maxBytes)
        do { try PlistBounds.checkJSONDepth(data) } catch {
            throw CatalogImportError(file: file, message: "JSON refused: \(error.reason)")
        }
        let rootValue: Any
        do { rootValue = try JSONSerialization.jsonObject(with: data) } catch {
            let ns = error as NSError
            let why = (ns.userInfo["NSDebugDescription"] as? String) ?? ns.localizedDescription
            throw CatalogImportError(file: file, message: "malformed JSON (\(why))")
        }
        let reader = PlistReader(file: file)
        let root = try reader.dictionary(rootValue)
        let format = try reader.string(root, "format", entry: nil)
        guard format == formatName else {
            throw CatalogImportError(file: file, key: "format", message: "expected \"\(formatName)\", found \"\(format)\"")
        }
        try jsonNumber(root, "version", entry: nil, file: file)
        guard let v = try reader.optionalNumber(root, "version", entry: nil) else {
            throw CatalogImportError(file: file, key: "version", message: "missing")
        }
        guard v == Double(version) else {
            throw CatalogImportError(file: file, key: "version", message: "version \(v) is not supported (this EmojiSim reads version \(version))")
        }
        let wireName = try reader.optionalString(root, "wire", entry: nil) ?? "code"
        guard let wire = WireFormat(rawValue: wireName) else {
            throw CatalogImportError(file: file, key: "wire", message: "unknown wire format \"\(wireName)\" (\(WireFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let groupsValue = root["groups"] else { throw CatalogImportError(file: file, key: "groups", message: "missing") }
        let paths = CatalogPaths(root: url.deletingLastPathComponent())
        var sink = ProblemSink(lenient: options.lenient)
        var groups: [ImportedGroup] = []
        var images: [String: URL] = [:]
        var sequences: [String: [URL]] = [:]
        var seen: [String: String] = [:]
        var entry = -1
        for (gi, rawGroup) in try reader.array(groupsValue, key: "groups").enumerated() {
            do throws(CatalogImportError) {
                let g = try reader.dictionary(rawGroup, key: "groups[\(gi)]")
                let name = try reader.string(g, "name", entry: nil)
                var group = ImportedGroup(name: name)
                if let icon = try reader.optionalString(g, "icon", entry: nil) {
                    let u = try paths.resolve(icon, file: file, entry: nil, key: "groups[\(gi)].icon")
                    group.icon = paths.relative(u)
                    images[group.icon!] = u
                }
                guard let list = g["emoji"] else { throw CatalogImportError(file: file, key: "groups[\(gi)].emoji", message: "missing") }
                for (ei, rawEmoji) in try reader.array(list, key: "groups[\(gi)].emoji").enumerated() {
                    entry += 1
                    // Stop at the cap before building more entries (ImportedCatalog checks it again).
                    if entry >= CatalogLimits.maxEntries {
                        throw CatalogImportError(file: file, entry: entry, message: "more than \(CatalogLimits.maxEntries) entries; a catalog may have at most \(CatalogLimits.maxEntries)")
                    }
                    do throws(CatalogImportError) {
                        let e = try reader.dictionary(rawEmoji, entry: entry)
                        let code = try reader.string(e, "code", entry: entry)
                        guard !code.isEmpty else { throw CatalogImportError(file: file, entry: entry, key: "code", message: "empty code") }
                        if let other = seen[code] {
                            throw CatalogImportError(file: file, entry: entry, key: "code", message: "duplicate code \"\(code)\" (also in group \(other))")
                        }
                        let kindName = try reader.string(e, "kind", entry: entry)
                        let kind: Emoji.Kind
                        switch kindName {
                        case "unicode": kind = .unicode
                        case "static": kind = .staticImage
                        case "animated": kind = .animatedImage
                        default: throw CatalogImportError(file: file, entry: entry, key: "kind", message: "expected unicode, static or animated, found \"\(kindName)\"")
                        }
                        var imageName: String?
                        if let image = try reader.optionalString(e, "image", entry: entry) {
                            let u = try paths.resolve(image, file: file, entry: entry, key: "image")
                            imageName = paths.relative(u)
                            images[imageName!] = u
                        }
                        if let framesValue = e["frames"] {
                            var frames: [URL] = []
                            let frameList = try reader.array(framesValue, entry: entry, key: "frames")
                            guard frameList.count <= CatalogLimits.maxFramesPerEntry else {
                                throw CatalogImportError(file: file, entry: entry, key: "frames", message: "\(frameList.count) frames; a sequence may have at most \(CatalogLimits.maxFramesPerEntry)")
                            }
                            for (fi, f) in frameList.enumerated() {
                                guard let s = f as? String else {
                                    throw CatalogImportError(file: file, entry: entry, key: "frames[\(fi)]", message: "expected a string, found \(PlistReader.kind(f))")
                                }
                                frames.append(try paths.resolve(s, file: file, entry: entry, key: "frames[\(fi)]"))
                            }
                            let key = imageName ?? "\(code).sequence"
                            imageName = key
                            sequences[key] = frames
                        }
                        if kind != .unicode && imageName == nil {
                            throw CatalogImportError(file: file, entry: entry, key: "image", message: "missing (a \(kindName) emoji needs an image)")
                        }
                        var size: Size?
                        try jsonNumber(e, "width", entry: entry, file: file)
                        try jsonNumber(e, "height", entry: entry, file: file)
                        if let w = try reader.optionalDimension(e, "width", entry: entry), let h = try reader.optionalDimension(e, "height", entry: entry) {
                            size = Size(width: w, height: h)
                        }
                        var meanings: [String: String] = [:]
                        if let m = e["meanings"] {
                            let md = try reader.dictionary(m, entry: entry, key: "meanings")
                            for k in md.keys.sorted() {
                                guard let s = md[k] as? String else {
                                    throw CatalogImportError(file: file, entry: entry, key: "meanings.\(k)", message: "expected a string, found \(PlistReader.kind(md[k]!))")
                                }
                                meanings[k] = s
                            }
                        }
                        let keywords = try strings(e, "keywords", reader: reader, entry: entry)
                        let variants = try strings(e, "variants", reader: reader, entry: entry)
                        seen[code] = name
                        group.emoji.append(Emoji(code: code, kind: kind, imageName: imageName, size: size,
                                                 meanings: meanings, keywords: keywords, group: name))
                        if !variants.isEmpty { group.variants[code] = variants }
                        _ = ei
                    } catch { try sink.report(error) }
                }
                groups.append(group)
            } catch { try sink.report(error) }
        }
        return try ImportedCatalog(format: .json, source: url, groups: groups, wire: wire, images: images,
                               sequences: sequences,
                               unicodeVersion: try reader.optionalString(root, "unicodeVersion", entry: nil),
                               skipped: sink.skipped)
    }

    /// JSON numbers are numbers: `PlistReader.optionalNumber` also takes numeric strings
    /// (the seeds' plists write sizes as `<string>`), which docs/CATALOG-JSON.md does not
    /// allow and the wasm core's reader refuses.
    private static func jsonNumber(_ d: [String: Any], _ key: String, entry: Int?, file: String) throws(CatalogImportError) {
        if let s = d[key] as? String {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a number, found the string \"\(s)\"")
        }
    }

    private static func strings(_ d: [String: Any], _ key: String, reader: PlistReader, entry: Int) throws(CatalogImportError) -> [String] {
        guard let v = d[key] else { return [] }
        var out: [String] = []
        for (i, x) in try reader.array(v, entry: entry, key: key).enumerated() {
            guard let s = x as? String else {
                throw CatalogImportError(file: reader.file, entry: entry, key: "\(key)[\(i)]", message: "expected a string, found \(PlistReader.kind(x))")
            }
            out.append(s)
        }
        return out
    }

    // MARK: writing

    /// Writes `catalog` as JSON to `file`, self-contained: images that do not already
    /// sit under the JSON's folder are copied into `<stem>.images/` beside it (keeping
    /// their resource names), since a catalog may not point outside its own folder.
    /// Returns the number of images copied.
    ///
    /// All or nothing: the targets are checked first, every copy and the JSON are staged
    /// as temporary files, and only then renamed into place (SafeFileWriter.Batch), the
    /// JSON last. Nothing is deleted beforehand; files already in `<stem>.images/` that
    /// the catalog does not name stay. The bytes read are bounded by
    /// `CatalogLimits.maxImageBytes`.
    @discardableResult
    public static func write(_ catalog: ImportedCatalog, to file: URL) throws -> Int {
        try SafeFileWriter.checkTarget(file)
        let dir = file.deletingLastPathComponent().standardizedFileURL
        let dirPath = dir.resolvingSymlinksInPath().path + "/"
        let assets = dir.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".images")
        var copy = catalog
        var copies: [(from: URL, to: URL)] = []
        func place(_ resource: String, _ url: URL) -> URL {
            if url.standardizedFileURL.resolvingSymlinksInPath().path.hasPrefix(dirPath) { return url }
            let target = assets.appendingPathComponent(resource).standardizedFileURL
            if !copies.contains(where: { $0.to == target }) { copies.append((url, target)) }
            return target
        }
        for (name, url) in catalog.images.sorted(by: { $0.key < $1.key }) { copy.images[name] = place(name, url) }
        for (name, frames) in catalog.sequences.sorted(by: { $0.key < $1.key }) {
            copy.sequences[name] = frames.map { place(name + "/" + $0.lastPathComponent, $0) }
        }
        let data = try encode(copy, relativeTo: dir)
        var reader = ImageFileReader(file: catalog.source.lastPathComponent)
        var batch = SafeFileWriter.Batch()
        var copied = 0
        do {
            for c in copies {
                try SafeFileWriter.checkTarget(c.to)
                // A missing source image is left out (catalog check reports it), as before.
                guard let bytes = try reader.read(c.from) else { continue }
                try batch.add(bytes, to: c.to, createFolders: true)
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

    /// The catalog as version-1 JSON, with image paths relative to `directory` (where
    /// the JSON will be written). Keys are sorted so the output is byte-stable.
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
        var groups: [[String: Any]] = []
        for g in catalog.groups {
            var gd: [String: Any] = ["name": g.name]
            if let icon = g.icon, let u = catalog.images[icon] { gd["icon"] = rel(u) }
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
                    } else if let u = catalog.images[name] {
                        d["image"] = rel(u)
                    } else {
                        d["image"] = name
                    }
                }
                if let s = e.size { d["width"] = s.width; d["height"] = s.height }
                if !e.meanings.isEmpty { d["meanings"] = e.meanings }
                if !e.keywords.isEmpty { d["keywords"] = e.keywords }
                if let v = g.variants[e.code], !v.isEmpty { d["variants"] = v }
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
