import SimCore
import EmojiText

/// A catalog JSON (docs/CATALOG-JSON.md, version 1) read inside the core, without
/// Foundation: what the playground does with a catalog file dropped on it, so the page
/// has no JSON catalog logic of its own. It reads what EmojiSimIO's `JSONCatalog.load`
/// and `CatalogBridge.emojiCatalog` read (same keys, limits and refusals, all four wire
/// formats), except that image paths stay names (the page matches them to the dropped
/// files by their last component) and numbers are held to `PureJSON`'s exact subset.
///
/// Bad input: a typed `Failure` with the file, the byte offset, line and column of the
/// value at fault, the entry and key, and the reason; the first one found. Limits are
/// checked before the work: `PureJSON.maxBytes` of text, `maxEntries` entries,
/// `maxFrames` frames an entry, `maxFrameReferences` frames in all, `maxDimension`
/// points a side. O(bytes).
public enum CatalogJSON {
    public static let maxEntries = 50_000
    public static let maxFrames = 1_000
    public static let maxDimension = 10_000.0
    /// Frame references over the whole catalog (as `CatalogLimits.maxFrameReferences`).
    public static let maxFrameReferences = 20_000

    public struct Failure: Error, CustomStringConvertible {
        public var file: String
        public var offset: Int
        public var line: Int
        public var column: Int
        /// `entry 3 (kind)`, `groups[0].emoji`, `(format)`, or empty for the text itself.
        public var place: String
        public var message: String
        public var description: String {
            "\(file):\(line):\(column): (byte \(offset))\(place.isEmpty ? "" : " " + place): \(message)"
        }
    }

    /// The catalog and the image files it names: `images`, every resource name (paths
    /// inside the catalog's folder, normalized); `sequences`, each image sequence's
    /// resource name with its frames' paths.
    public struct Result {
        public var catalog: EmojiCatalog
        public var images: [String]
        public var sequences: [(name: String, frames: [String])]
    }

    public static func read(_ bytes: [UInt8], file: String) throws(Failure) -> Result {
        let root: PureJSON.Node
        do throws(PureJSON.Failure) {
            root = try PureJSON.parse(bytes)
        } catch {
            throw Failure(file: file, offset: error.offset, line: error.line, column: error.column, place: "",
                          message: "malformed JSON: \(error.message)")
        }
        var r = Reader(bytes: bytes, file: file)
        return try r.catalog(root)
    }

    struct Reader {
        let bytes: [UInt8]
        let file: String

        func fail(_ node: PureJSON.Node, _ place: String, _ message: String) -> Failure {
            let at = PureJSON.Failure(bytes, node.offset, "")
            return Failure(file: file, offset: at.offset, line: at.line, column: at.column, place: place, message: message)
        }

        func object(_ n: PureJSON.Node, _ place: String) throws(Failure) -> [(key: String, node: PureJSON.Node)] {
            guard case .object(let m) = n.value else { throw fail(n, place, "expected an object, found \(n.value.kindName)") }
            return m
        }

        func array(_ n: PureJSON.Node, _ place: String) throws(Failure) -> [PureJSON.Node] {
            guard case .array(let a) = n.value else { throw fail(n, place, "expected an array, found \(n.value.kindName)") }
            return a
        }

        func string(_ n: PureJSON.Node, _ place: String) throws(Failure) -> String {
            guard case .string(let s) = n.value else { throw fail(n, place, "expected a string, found \(n.value.kindName)") }
            return s
        }

        func strings(_ m: [(key: String, node: PureJSON.Node)], _ key: String, _ entry: Int) throws(Failure) -> [String] {
            guard let n = PureJSON.member(m, key) else { return [] }
            var out: [String] = []
            for (i, x) in try array(n, "entry \(entry) (\(key))").enumerated() { out.append(try string(x, "entry \(entry) (\(key)[\(i)])")) }
            return out
        }

        /// A path inside the catalog's folder, normalized (`a/./b/../c` is `a/c`); absolute
        /// paths, `~` and paths climbing out are refused, as `CatalogPaths.resolve` does.
        func path(_ n: PureJSON.Node, _ place: String) throws(Failure) -> String {
            let p = try string(n, place)
            if p.isEmpty { throw fail(n, place, "empty file name") }
            if p.hasPrefix("/") || p.hasPrefix("~") || p.utf8.contains(0) {
                throw fail(n, place, "path \"\(p)\" must be relative to the catalog folder")
            }
            var parts: [Substring] = []
            for seg in p.split(separator: "/", omittingEmptySubsequences: true) {
                if seg == "." { continue }
                if seg == ".." {
                    guard !parts.isEmpty else { throw fail(n, place, "path \"\(p)\" escapes the catalog folder") }
                    parts.removeLast()
                } else { parts.append(seg) }
            }
            guard !parts.isEmpty else { throw fail(n, place, "path \"\(p)\" escapes the catalog folder") }
            var out = ""
            for (i, s) in parts.enumerated() { if i > 0 { out += "/" }; out += String(s) }
            return out
        }

        func dimension(_ m: [(key: String, node: PureJSON.Node)], _ key: String, _ entry: Int) throws(Failure) -> Double? {
            guard let n = PureJSON.member(m, key) else { return nil }
            guard case .number(let d) = n.value else { throw fail(n, "entry \(entry) (\(key))", "expected a number, found \(n.value.kindName)") }
            guard d >= 0, d <= CatalogJSON.maxDimension else {
                throw fail(n, "entry \(entry) (\(key))", "size \(Int(d.rounded(.towardZero))) is out of range (0 to \(Int(CatalogJSON.maxDimension)) points)")
            }
            return d == 0 ? 0 : d // -0 is a size of 0, as the native reader has it
        }

        mutating func catalog(_ root: PureJSON.Node) throws(Failure) -> Result {
            let top = try object(root, "")
            guard let formatNode = PureJSON.member(top, "format") else { throw fail(root, "(format)", "missing") }
            let format = try string(formatNode, "(format)")
            guard format == "emojisim-catalog" else { throw fail(formatNode, "(format)", "expected \"emojisim-catalog\", found \"\(format)\"") }
            guard let versionNode = PureJSON.member(top, "version") else { throw fail(root, "(version)", "missing") }
            guard case .number(let version) = versionNode.value else {
                throw fail(versionNode, "(version)", "expected a number, found \(versionNode.value.kindName)")
            }
            guard version == 1 else { throw fail(versionNode, "(version)", "this EmojiSim reads version 1 only") }
            var wire = "code"
            if let w = PureJSON.member(top, "wire") { wire = try string(w, "(wire)") }
            guard wire == "code" || wire == "meaning" || wire == "hex" || wire == "unicode" else {
                throw fail(PureJSON.member(top, "wire")!, "(wire)", "unknown wire format \"\(wire)\" (code, meaning, hex, unicode)")
            }
            if let u = PureJSON.member(top, "unicodeVersion") { _ = try string(u, "(unicodeVersion)") }
            guard let groupsNode = PureJSON.member(top, "groups") else { throw fail(root, "(groups)", "missing") }
            var groups: [EmojiGroup] = []
            var images: [String] = []
            var imageSeen = Set<String>()
            var sequences: [(name: String, frames: [String])] = []
            var seen: [String: String] = [:]
            var entry = -1
            var frameReferences = 0
            func addImage(_ name: String) { if imageSeen.insert(name).inserted { images.append(name) } }
            for (gi, gNode) in try array(groupsNode, "(groups)").enumerated() {
                let g = try object(gNode, "groups[\(gi)]")
                guard let nameNode = PureJSON.member(g, "name") else { throw fail(gNode, "groups[\(gi)] (name)", "missing") }
                let name = try string(nameNode, "groups[\(gi)] (name)")
                if let icon = PureJSON.member(g, "icon") { addImage(try path(icon, "groups[\(gi)].icon")) }
                guard let list = PureJSON.member(g, "emoji") else { throw fail(gNode, "groups[\(gi)].emoji", "missing") }
                var emojis: [Emoji] = []
                for eNode in try array(list, "groups[\(gi)].emoji") {
                    entry += 1
                    guard entry < CatalogJSON.maxEntries else {
                        throw fail(eNode, "entry \(entry)", "more than \(CatalogJSON.maxEntries) entries; a catalog may have at most \(CatalogJSON.maxEntries)")
                    }
                    let e = try object(eNode, "entry \(entry)")
                    guard let codeNode = PureJSON.member(e, "code") else { throw fail(eNode, "entry \(entry) (code)", "missing") }
                    let code = try string(codeNode, "entry \(entry) (code)")
                    guard !code.isEmpty else { throw fail(codeNode, "entry \(entry) (code)", "empty code") }
                    if let other = seen[code] { throw fail(codeNode, "entry \(entry) (code)", "duplicate code \"\(code)\" (also in group \(other))") }
                    guard let kindNode = PureJSON.member(e, "kind") else { throw fail(eNode, "entry \(entry) (kind)", "missing") }
                    let kindName = try string(kindNode, "entry \(entry) (kind)")
                    let kind: Emoji.Kind
                    switch kindName {
                    case "unicode": kind = .unicode
                    case "static": kind = .staticImage
                    case "animated": kind = .animatedImage
                    default: throw fail(kindNode, "entry \(entry) (kind)", "expected unicode, static or animated, found \"\(kindName)\"")
                    }
                    var imageName: String?
                    if let image = PureJSON.member(e, "image") {
                        let p = try path(image, "entry \(entry) (image)")
                        imageName = p
                        addImage(p)
                    }
                    if let framesNode = PureJSON.member(e, "frames") {
                        let list = try array(framesNode, "entry \(entry) (frames)")
                        guard list.count <= CatalogJSON.maxFrames else {
                            throw fail(framesNode, "entry \(entry) (frames)", "\(list.count) frames; a sequence may have at most \(CatalogJSON.maxFrames)")
                        }
                        frameReferences += list.count
                        guard frameReferences <= CatalogJSON.maxFrameReferences else {
                            throw fail(framesNode, "entry \(entry) (frames)", "\(frameReferences) frame references so far; a catalog may have at most \(CatalogJSON.maxFrameReferences)")
                        }
                        var frames: [String] = []
                        for (fi, f) in list.enumerated() { frames.append(try path(f, "entry \(entry) (frames[\(fi)])")) }
                        let key = imageName ?? code + ".sequence"
                        imageName = key
                        sequences.append((key, frames))
                    }
                    if kind != .unicode && imageName == nil {
                        throw fail(eNode, "entry \(entry) (image)", "missing (a \(kindName) emoji needs an image)")
                    }
                    var size: Size?
                    if let w = try dimension(e, "width", entry), let h = try dimension(e, "height", entry) { size = Size(width: w, height: h) }
                    var meanings: [String: String] = [:]
                    if let m = PureJSON.member(e, "meanings") {
                        for pair in try object(m, "entry \(entry) (meanings)") {
                            meanings[pair.key] = try string(pair.node, "entry \(entry) (meanings.\(pair.key))")
                        }
                    }
                    let keywords = try strings(e, "keywords", entry)
                    let variants = try strings(e, "variants", entry)
                    seen[code] = name
                    var emoji = Emoji(code: code, kind: kind, imageName: imageName, size: size, meanings: meanings,
                                      keywords: keywords, group: name)
                    emoji = CatalogJSON.coreEmoji(emoji, wire: wire)
                    if !variants.isEmpty { emoji.skinToneVariants = variants }
                    emojis.append(emoji)
                }
                groups.append(EmojiGroup(name: name, emojis: emojis))
            }
            do throws(EmojiCatalogError) {
                return Result(catalog: try EmojiCatalog(groups: groups), images: images, sequences: sequences)
            } catch {
                throw fail(groupsNode, "(groups)", "the core refuses the catalog: \(error.description)")
            }
        }
    }

    /// An image emoji as the core knows it on this wire, as `CatalogBridge.coreEmoji`:
    /// `hex`/`unicode` make one whose meaning is a single Unicode emoji that emoji
    /// (drawn with the image); `meaning` puts the meaning in place of the code.
    static func coreEmoji(_ e: Emoji, wire: String) -> Emoji {
        guard e.kind != .unicode else { return e }
        let m = e.meaning()
        var u = e
        switch wire {
        case "hex", "unicode":
            guard isSingleEmoji(m) else { return e }
            u.code = m
            u.kind = .unicode
            u.keywords.append(e.code)
        case "meaning":
            if !m.isEmpty, m != e.code { u.code = m; u.keywords.append(e.code) }
        default:
            break
        }
        return u
    }

    /// One grapheme cluster whose first scalar is an emoji (as `CatalogBridge.isSingleEmoji`).
    static func isSingleEmoji(_ s: String) -> Bool {
        guard s.count == 1, let first = s.unicodeScalars.first else { return false }
        return first.properties.isEmoji && (first.value > 0xFF || s.unicodeScalars.count > 1)
    }
}
