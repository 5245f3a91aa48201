import Foundation
import SimCore
import Raster
import EmojiText

/// What `emojisim catalog show` prints: a header line, then one line per group (name,
/// title when it differs, count, the first codes as they travel on the wire) and, with
/// `entries`, one line per emoji (kind, image files, declared size, meanings in every
/// locale, keywords, variants).
///
/// Lines are handed to the caller one at a time (the command streams them), so a
/// catalog of 300,000 groups never becomes one string. Columns are aligned by display
/// width (East Asian Wide characters and emoji take two columns: `CharacterWidth`) and
/// bounded: a name column at most `nameColumns` wide, each value cut past
/// `valueColumns` with `…`; control characters, bidirectional controls and line
/// separators are shown escaped (SimCore's `escapedForDisplay`: `\u{1B}`), so a hostile
/// name can neither stretch every line, colour the terminal nor reorder its text.
/// - Complexity: O(groups + the bounded text printed); `entries` adds O(entries).
public enum CatalogListing {
    /// The widest name column (display columns).
    public static let nameColumns = 40
    /// The widest single value (a code, a meaning, a file name).
    public static let valueColumns = 60
    /// Codes shown per group line.
    public static let firstCodes = 8

    /// Writes the listing of `c`, line by line (each without its newline).
    /// - Parameters:
    ///   - entries: also list every emoji under its group.
    ///   - line: receives each line in order.
    ///   - c: The catalog to list.
    /// - Complexity: O(groups + the bounded text printed); `entries` adds O(entries).
    public static func write(_ c: ImportedCatalog, entries: Bool = false, line: (String) -> Void) {
        var head = "catalog: \(fit(c.source.lastPathComponent, valueColumns).text) (\(c.format.rawValue)), "
        head += "\(c.groups.count) group\(c.groups.count == 1 ? "" : "s"), \(c.emojiCount) emoji, wire: \(c.wire.rawValue)"
        if let v = c.unicodeVersion { head += ", Unicode \(fit(v, 20).text)" }
        line(head)
        // First pass: the name column's width (each label is cut at nameColumns, so this
        // reads at most that much of each name).
        var width = 0
        for g in c.groups { width = max(width, fit(label(g), nameColumns).width) }
        for g in c.groups {
            let (text, w) = fit(label(g), nameColumns)
            var s = "  " + text + String(repeating: " ", count: width - w) + "  \(g.emoji.count) emoji"
            let variants = g.variants.values.reduce(0) { $0 + $1.count }
            if variants > 0 { s += " (+\(variants) skin-tone variants)" }
            var codes = ""
            for e in g.emoji.prefix(firstCodes) { codes += " " + fit(CatalogBridge.wireText(for: e, wire: c.wire), 24).text }
            if g.emoji.count > firstCodes { codes += " ..." }
            line(s + (codes.isEmpty ? "" : " " + codes))
            guard entries else { continue }
            if g.titles.count > 1 || (g.titles.count == 1 && g.titles[""] == nil) {
                line("    titles: " + localized(g.titles))
            }
            for e in g.emoji { line("    " + entry(e, in: g, catalog: c)) }
        }
    }

    /// The group's name, with its default title when that differs.
    static func label(_ g: ImportedGroup) -> String {
        let title = g.titles[""] ?? g.name
        return title == g.name ? g.name : "\(g.name) (title \(title))"
    }

    /// One emoji: wire text, kind, image files, size, meanings, keywords, variants.
    static func entry(_ e: Emoji, in g: ImportedGroup, catalog c: ImportedCatalog) -> String {
        var parts: [String] = []
        switch e.kind {
        case .unicode: parts.append("unicode")
        case .staticImage: parts.append("static")
        case .animatedImage: parts.append("animated")
        }
        if let name = e.imageName {
            if let frames = c.sequences[name] {
                var f = "\(frames.count) frame\(frames.count == 1 ? "" : "s")"
                if let first = frames.first { f += " " + fit(first.lastPathComponent, valueColumns).text }
                if frames.count > 1, let last = frames.last { f += (frames.count > 2 ? " ... " : " ") + fit(last.lastPathComponent, valueColumns).text }
                parts.append(f)
            } else {
                // The file's name: the same after `convert`, which keeps paths inside the folder.
                let file = c.images[name]?.lastPathComponent ?? (name as NSString).lastPathComponent
                parts.append("image " + fit(file, valueColumns).text)
            }
        }
        if let s = e.size { parts.append("\(plainDecimal(s.width))x\(plainDecimal(s.height)) pt") }
        var s = fit(CatalogBridge.wireText(for: e, wire: c.wire), 24).text + "  " + parts.joined(separator: ", ")
        if !e.meanings.isEmpty { s += "; meanings " + localized(e.meanings) }
        if !e.keywords.isEmpty {
            s += "; keywords " + e.keywords.prefix(firstCodes).map { fit($0, 24).text }.joined(separator: ", ")
            if e.keywords.count > firstCodes { s += ", ... (\(e.keywords.count))" }
        }
        if let v = g.variants[e.code], !v.isEmpty {
            let withImages = v.filter { g.variantImages[$0] != nil }.count
            let named = v.filter { e.variantMeanings[$0] != nil }.count
            s += "; variants " + v.prefix(firstCodes).map { fit($0, 24).text }.joined(separator: " ")
            if v.count > firstCodes { s += " ... (\(v.count))" }
            if named > 0 { s += " (\(named) named: " + localized(e.variantMeanings[v.first { e.variantMeanings[$0] != nil }!]!) + (named > 1 ? ", ..." : "") + ")" }
            if withImages > 0 { s += " (\(withImages) with images)" }
        }
        return s
    }

    /// `default / en: x / zh-Hant: y`: the `""` value first, then the locales in order.
    static func localized(_ values: [String: String]) -> String {
        var out: [String] = []
        if let d = values[""] { out.append(fit(d, valueColumns).text) }
        for k in values.keys.sorted() where !k.isEmpty {
            out.append(fit(k, 24).text + ": " + fit(values[k]!, valueColumns).text)
        }
        return out.joined(separator: " / ")
    }

    /// `s` fitted to `columns` display columns: what `escapedForDisplay` escapes escaped,
    /// cut with `…` when wider. Reads only as much of `s` as it shows. Returns the text
    /// and its width (at most `columns`).
    /// - Complexity: O(min(length, columns)).
    /// - Parameters:
    ///   - s: Any text, possibly hostile (controls, bidirectional overrides).
    ///   - columns: The display columns available; at least 1 for a visible `…`.
    /// - Returns: The text to print and its display width.
    public static func fit(_ s: String, _ columns: Int) -> (text: String, width: Int) {
        var out = "", width = 0
        var cut = "", cutWidth = 0          // the longest prefix that leaves room for "…"
        for c in s {
            let piece: String, w: Int
            if c.unicodeScalars.contains(where: isEscapedForDisplay) {
                piece = escapedForDisplay(String(c))
                w = piece.unicodeScalars.count
            } else {
                piece = String(c)
                w = CharacterWidth.of(c).rawValue
            }
            if width + w > columns { return (cut + "…", cutWidth + 1) }
            out += piece
            width += w
            if width <= columns - 1 { cut = out; cutWidth = width }
        }
        return (out, width)
    }
}
