import Foundation
import EmojiText
import SimCore

/// Between what the importers read (`ImportedCatalog`, which remembers files) and what
/// the pure core uses (`EmojiCatalog`; the images go through `ScenarioAssets`).
public enum CatalogBridge {
    /// The pure catalog. Skin-tone variants are attached to their base emoji. For the
    /// `hex` wire format an image emoji whose meaning is a Unicode emoji becomes that
    /// Unicode emoji (drawn with the image), so `[f09f9882]` on the wire finds it.
    /// Throws the first entry the core refuses (a code that cannot be a placeholder, a
    /// duplicate); `catalog check` lists all of them.
    ///
    /// - Parameter imported: The imported catalog; its `wire` format decides each entry's code.
    /// - Returns: The catalog the core (panel, input bar, text scanner) runs with.
    /// - Throws: `EmojiCatalogError` (EmojiText) for the first entry the core refuses.
    /// - Complexity: O(*n*) in the number of entries and variants.
    public static func emojiCatalog(_ imported: ImportedCatalog) throws(EmojiCatalogError) -> EmojiCatalog {
        try EmojiCatalog(groups: groups(imported))
    }

    static func groups(_ imported: ImportedCatalog) -> [EmojiGroup] {
        imported.groups.map { g in
            EmojiGroup(name: g.name, titles: g.titles, emojis: g.emoji.map { e in
                var out = coreEmoji(e, wire: imported.wire)
                if let v = g.variants[e.code] {
                    out.skinToneVariants = v
                    for code in v { if let image = g.variantImages[code] { out.skinToneImages[code] = image } }
                }
                return out
            })
        }
    }

    static func coreEmoji(_ e: Emoji, wire: WireFormat) -> Emoji { wire.coreEmoji(e) }

    /// The text an emoji travels as on the wire in this catalog.
    ///
    /// - Parameters:
    ///   - e: An imported entry.
    ///   - wire: The catalog's wire format.
    /// - Returns: The emoji itself for a Unicode emoji (its hex placeholder under `.hex`), else
    ///   its placeholder text such as `[微笑]`.
    public static func wireText(for e: Emoji, wire: WireFormat) -> String {
        let core = coreEmoji(e, wire: wire)
        if core.kind == .unicode { return wire == .hex ? core.hexPlaceholder : core.code }
        return core.placeholder
    }

    /// For `catalog check`: an emoji the core refuses, or whose wire text does not scan
    /// back to it alone, gets a message.
    ///
    /// - Parameter imported: The catalog whose entries will be checked.
    /// - Returns: A check that gives `nil` for an entry that round-trips and a message for
    ///   one that does not. It builds the full catalog once, here, and scans one wire text
    ///   per call.
    /// - Complexity: O(*n*) in the catalog's entries to build; each call is O(*k*) in the
    ///   entry's wire text.
    public static func wireCheck(for imported: ImportedCatalog) -> CatalogChecker.WireCheck {
        let full = try? emojiCatalog(imported)
        return { e in
            let core = coreEmoji(e, wire: imported.wire)
            do {
                _ = try EmojiCatalog(groups: [EmojiGroup(name: e.group.isEmpty ? "g" : e.group, emojis: [core])])
            } catch {
                return "code does not survive the placeholder scanner: \(messageText("\(error)", limit: 400))"
            }
            guard let full else { return nil } // duplicates are reported by the importer
            let wire = wireText(for: e, wire: imported.wire)
            let rich = RichText(parsing: wire, catalog: full)
            let attachments = rich.attachments
            if attachments.count != 1 || rich.runs.count != 1 || attachments[0].emoji.code != core.code {
                return "wire text \(CatalogImportError.echo(wire)) does not scan back to this emoji"
            }
            return nil
        }
    }

    /// The built-in demo catalog as an imported one (images in the bundled DemoAssets),
    /// so `catalog show demo`, `check demo` and `convert demo` work like any other.
    ///
    /// - Returns: The demo catalog, format `.json`, with `root` at the bundled DemoAssets
    ///   folder; each call builds a new value.
    /// - Complexity: O(*n*) in the demo's entries.
    public static func demoCatalog() -> ImportedCatalog {
        let catalog = EmojiCatalog.demo
        let assets = BundledResources.url("DemoAssets") ?? URL(fileURLWithPath: "DemoAssets")
        var images: [String: URL] = [:]
        let groups = catalog.groups.map { g -> ImportedGroup in
            var variants: [String: [String]] = [:]
            var variantImages: [String: String] = [:]
            for e in g.emojis {
                if let name = e.imageName { images[name] = assets.appendingPathComponent(name) }
                if !e.skinToneVariants.isEmpty { variants[e.code] = e.skinToneVariants }
                // The core draws a variant with its Noto file when the base uses one;
                // naming those files keeps them in a converted catalog.
                guard e.imageName == Emoji.notoImageName(for: e.code) else { continue }
                for v in e.skinToneVariants {
                    let name = Emoji.notoImageName(for: v)
                    let url = assets.appendingPathComponent(name)
                    if FileManager.default.fileExists(atPath: url.path) { images[name] = url; variantImages[v] = name }
                }
            }
            return ImportedGroup(name: g.name, titles: g.titles, emoji: g.emojis, variants: variants, variantImages: variantImages)
        }
        // The bundled demo is far inside CatalogLimits; a failure here is a packaging bug.
        do { return try ImportedCatalog(format: .json, source: URL(fileURLWithPath: "demo"), root: assets, groups: groups, wire: .code, images: images) }
        catch { preconditionFailure("the demo catalog exceeds CatalogLimits: \(error)") }
    }
}
