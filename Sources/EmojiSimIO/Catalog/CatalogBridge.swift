import Foundation
import EmojiText

/// Between what the importers read (`ImportedCatalog`, which remembers files) and what
/// the pure core uses (`EmojiCatalog`; the images go through `ScenarioAssets`).
public enum CatalogBridge {
    /// The pure catalog. Skin-tone variants are attached to their base emoji. For the
    /// `hex` wire format an image emoji whose meaning is a Unicode emoji becomes that
    /// Unicode emoji (drawn with the image), so `[f09f9882]` on the wire finds it.
    /// Throws the first entry the core refuses (a code that cannot be a placeholder, a
    /// duplicate); `catalog check` lists all of them.
    public static func emojiCatalog(_ imported: ImportedCatalog) throws(EmojiCatalogError) -> EmojiCatalog {
        try EmojiCatalog(groups: groups(imported))
    }

    static func groups(_ imported: ImportedCatalog) -> [EmojiGroup] {
        imported.groups.map { g in
            EmojiGroup(name: g.name, emojis: g.emoji.map { e in
                var out = coreEmoji(e, wire: imported.wire)
                if let v = g.variants[e.code] { out.skinToneVariants = v }
                return out
            })
        }
    }

    static func coreEmoji(_ e: Emoji, wire: WireFormat) -> Emoji {
        guard e.kind != .unicode else { return e }
        switch wire {
        case .hex, .unicode:
            let m = e.meaning()
            if isSingleEmoji(m) {
                var u = e
                u.code = m
                u.kind = .unicode
                u.keywords.append(e.code)
                return u
            }
            return e
        case .meaning:
            let m = e.meaning()
            var u = e
            if !m.isEmpty, m != e.code { u.code = m; u.keywords.append(e.code) }
            return u
        case .code:
            return e
        }
    }

    /// One grapheme cluster whose first scalar is an emoji.
    static func isSingleEmoji(_ s: String) -> Bool {
        guard s.count == 1, let first = s.unicodeScalars.first else { return false }
        return first.properties.isEmoji && (first.value > 0xFF || s.unicodeScalars.count > 1)
    }

    /// The text an emoji travels as on the wire in this catalog.
    public static func wireText(for e: Emoji, wire: WireFormat) -> String {
        let core = coreEmoji(e, wire: wire)
        if core.kind == .unicode { return wire == .hex ? core.hexPlaceholder : core.code }
        return core.placeholder
    }

    /// For `catalog check`: an emoji the core refuses, or whose wire text does not scan
    /// back to it alone, gets a message.
    public static func wireCheck(for imported: ImportedCatalog) -> CatalogChecker.WireCheck {
        let full = try? emojiCatalog(imported)
        return { e in
            let core = coreEmoji(e, wire: imported.wire)
            do {
                _ = try EmojiCatalog(groups: [EmojiGroup(name: e.group.isEmpty ? "g" : e.group, emojis: [core])])
            } catch {
                return "code does not survive the placeholder scanner: \(error)"
            }
            guard let full else { return nil } // duplicates are reported by the importer
            let wire = wireText(for: e, wire: imported.wire)
            let rich = RichText(parsing: wire, catalog: full)
            let attachments = rich.attachments
            if attachments.count != 1 || rich.runs.count != 1 || attachments[0].emoji.code != core.code {
                return "wire text \(wire) does not scan back to this emoji"
            }
            return nil
        }
    }

    /// The built-in demo catalog as an imported one (images in the bundled DemoAssets),
    /// so `catalog show demo`, `check demo` and `convert demo` work like any other.
    public static func demoCatalog() -> ImportedCatalog {
        let catalog = EmojiCatalog.demo
        let assets = BundledResources.url("DemoAssets") ?? URL(fileURLWithPath: "DemoAssets")
        var images: [String: URL] = [:]
        let groups = catalog.groups.map { g -> ImportedGroup in
            var variants: [String: [String]] = [:]
            for e in g.emojis {
                if let name = e.imageName { images[name] = assets.appendingPathComponent(name) }
                if !e.skinToneVariants.isEmpty { variants[e.code] = e.skinToneVariants }
            }
            return ImportedGroup(name: g.name, emoji: g.emojis, variants: variants)
        }
        // The bundled demo is far inside CatalogLimits; a failure here is a packaging bug.
        do { return try ImportedCatalog(format: .json, source: URL(fileURLWithPath: "demo"), groups: groups, wire: .code, images: images) }
        catch { preconditionFailure("the demo catalog exceeds CatalogLimits: \(error)") }
    }
}
