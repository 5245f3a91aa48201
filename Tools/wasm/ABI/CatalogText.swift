import SimCore
import EmojiText

/// A catalog as plain text, so a host that reads catalogs from files (the native shell:
/// plist, JSON, emoji-test.txt, image folders) can hand one to the core inside wasm,
/// which has no file access and no plist or JSON parser.
///
/// Lines (UTF-8, `\n`); fields separated by a tab; every field percent-escapes `%`,
/// tab, newline, `=` and `;`:
///
///     group NAME TITLES
///     emoji CODE KIND IMAGE SIZE MEANINGS KEYWORDS GROUP VARIANTS
///
/// KIND is `unicode`, `staticImage` or `animatedImage`; IMAGE is `-` for none; SIZE is
/// `-` or the two Doubles' bit patterns in hex (`w,h`, exact on every machine);
/// TITLES and MEANINGS are `key=value;...` sorted by key; KEYWORDS and VARIANTS are
/// `a;b;...`. An emoji belongs to the group line before it. Decoding validates every
/// line (`CatalogText.Failure` names the line).
/// - Complexity: O(size) to encode or decode.
public enum CatalogText {
    /// A malformed line: which one and what is wrong with it.
    public struct Failure: Error, CustomStringConvertible {
        /// The 1-based line number.
        public var line: Int
        /// What is wrong with the line.
        public var message: String
        /// `catalog text line N: message`.
        public var description: String { "catalog text line \(line): \(message)" }
    }

    /// The catalog as text; ``decode(_:)`` gives back an equal catalog.
    ///
    /// - Parameter catalog: The catalog.
    /// - Returns: The lines, each ending with `\n`.
    /// - Complexity: O(*n*) in the catalog's size.
    public static func encode(_ catalog: EmojiCatalog) -> String {
        var out = ""
        for g in catalog.groups {
            out += "group\t\(esc(g.name))\t\(pairs(g.titles))\n"
            for e in g.emojis {
                let size = e.size.map { hex($0.width.bitPattern) + "," + hex($0.height.bitPattern) } ?? "-"
                out += "emoji\t\(esc(e.code))\t\(e.kind.rawValue)\t\(e.imageName.map(esc) ?? "-")\t\(size)\t"
                out += "\(pairs(e.meanings))\t\(list(e.keywords))\t\(esc(e.group))\t\(list(e.skinToneVariants))\n"
            }
        }
        return out
    }

    /// The catalog in the text (empty lines are skipped).
    ///
    /// - Parameter text: Text in the format above.
    /// - Returns: The catalog.
    /// - Throws: ``Failure`` naming the first malformed line (an unknown record, a wrong
    ///   field count, a bad escape, size or kind, an emoji before any group), or the
    ///   last line when `EmojiCatalog` refuses the whole.
    /// - Complexity: O(*n*) in the text's length.
    public static func decode(_ text: String) throws(Failure) -> EmojiCatalog {
        var groups: [EmojiGroup] = []
        var n = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            if raw.isEmpty { continue }
            let f = raw.split(separator: "\t", omittingEmptySubsequences: false).map { String($0) }
            switch f[0] {
            case "group":
                guard f.count == 3 else { throw Failure(line: n, message: "a group line has 3 fields, found \(f.count)") }
                groups.append(EmojiGroup(name: try unesc(f[1], n), titles: try unpairs(f[2], n), emojis: []))
            case "emoji":
                guard f.count == 9 else { throw Failure(line: n, message: "an emoji line has 9 fields, found \(f.count)") }
                guard !groups.isEmpty else { throw Failure(line: n, message: "an emoji before any group") }
                guard let kind = Emoji.Kind(rawValue: f[2]) else { throw Failure(line: n, message: "unknown kind \(f[2])") }
                var size: Size?
                if f[4] != "-" {
                    let wh = f[4].split(separator: ",")
                    guard wh.count == 2, let w = UInt64(wh[0], radix: 16), let h = UInt64(wh[1], radix: 16) else {
                        throw Failure(line: n, message: "bad size \(f[4])")
                    }
                    size = Size(width: Double(bitPattern: w), height: Double(bitPattern: h))
                }
                let e = Emoji(code: try unesc(f[1], n), kind: kind, imageName: f[3] == "-" ? nil : try unesc(f[3], n),
                              size: size, meanings: try unpairs(f[5], n), keywords: try unlist(f[6], n),
                              group: try unesc(f[7], n), skinToneVariants: try unlist(f[8], n))
                groups[groups.count - 1].emojis.append(e)
            default:
                throw Failure(line: n, message: "unknown line kind \(f[0])")
            }
        }
        do throws(EmojiCatalogError) {
            return try EmojiCatalog(groups: groups)
        } catch {
            throw Failure(line: n, message: error.description)
        }
    }

    // MARK: fields

    static func hex(_ v: UInt64) -> String { String(v, radix: 16) }

    static func esc(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\n": out += "%0A"
            case "=": out += "%3D"
            case ";": out += "%3B"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    static func unesc(_ s: String, _ line: Int) throws(Failure) -> String {
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == 37 { // %
                guard i + 2 < u.count, let v = UInt8(String(decoding: u[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) else {
                    throw Failure(line: line, message: "bad escape in \(s)")
                }
                bytes.append(v)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func pairs(_ d: [String: String]) -> String {
        d.keys.sorted().map { esc($0) + "=" + esc(d[$0] ?? "") }.joined(separator: ";")
    }

    static func unpairs(_ s: String, _ line: Int) throws(Failure) -> [String: String] {
        var d: [String: String] = [:]
        if s.isEmpty { return d }
        for p in s.split(separator: ";", omittingEmptySubsequences: false) {
            let kv = p.split(separator: "=", omittingEmptySubsequences: false)
            guard kv.count == 2 else { throw Failure(line: line, message: "bad key=value pair \(p)") }
            d[try unesc(String(kv[0]), line)] = try unesc(String(kv[1]), line)
        }
        return d
    }

    static func list(_ a: [String]) -> String { a.map(esc).joined(separator: ";") }

    static func unlist(_ s: String, _ line: Int) throws(Failure) -> [String] {
        if s.isEmpty { return [] }
        var out: [String] = []
        for p in s.split(separator: ";", omittingEmptySubsequences: false) { out.append(try unesc(String(p), line)) }
        return out
    }
}
