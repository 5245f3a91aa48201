import SimCore
import EmojiText

/// A catalog JSON read inside the core, without Foundation: what the playground does
/// with a catalog file dropped on it, so the page has no JSON catalog logic of its own.
/// The file is read by EmojiText's `CatalogJSON.parse`, the reader `emojisim` uses too
/// (same keys, limits, refusals and messages), and becomes the core's `EmojiCatalog` the
/// way EmojiSimIO's `CatalogBridge` makes one: titles, every locale's meanings, the wire
/// format's mapping (`WireFormat.coreEmoji`), skin-tone variants with their names and images.
/// Image paths stay names (the page matches them to the dropped files by their last
/// component).
extension CatalogJSON {
    /// The catalog and the image files it names: `images`, every resource name (paths
    /// inside the catalog's folder, normalized) in file order; `sequences`, each image
    /// sequence's resource name with its frames' paths.
    public struct Result {
        /// The catalog the core runs with (already accepted by `EmojiCatalog`).
        public var catalog: EmojiCatalog
        /// Every image resource name the catalog uses (icons, entries, variants), each
        /// once, in file order.
        public var images: [String]
        /// Each image sequence's resource name with its frames' paths, in file order.
        public var sequences: [(name: String, frames: [String])]
    }

    /// Reads `bytes` (a catalog JSON) into the core's catalog.
    /// - Throws: `Failure`, the first problem (the core's refusal of the whole catalog,
    ///   a code the placeholder scanner cannot carry, at `groups`).
    /// - Parameters:
    ///   - bytes: The JSON file's bytes.
    ///   - file: The file name errors give.
    /// - Returns: The catalog and the images it needs.
    /// - Complexity: O(bytes).
    public static func read(_ bytes: [UInt8], file: String) throws(Failure) -> Result {
        let doc = try parse(bytes, file: file)
        var groups: [EmojiGroup] = []
        var images: [String] = []
        var imageSeen = Set<String>()
        var sequences: [(name: String, frames: [String])] = []
        func addImage(_ name: String) { if imageSeen.insert(name).inserted { images.append(name) } }
        for g in doc.groups {
            if let icon = g.icon { addImage(icon.name) }
            var emojis: [Emoji] = []
            for e in g.emoji {
                var imageName = e.image?.name
                if let image = imageName { addImage(image) }
                if let frames = e.frames {
                    let key = imageName ?? e.code + ".sequence"
                    imageName = key
                    sequences.append((key, frames.map { $0.name }))
                }
                var emoji = Emoji(code: e.code, kind: e.kind, imageName: imageName, size: e.size, meanings: e.meanings,
                                  keywords: e.keywords, group: g.name)
                emoji = doc.wire.coreEmoji(emoji)
                if !e.variants.isEmpty {
                    emoji.skinToneVariants = e.variants.map { $0.code }
                    for v in e.variants {
                        if !v.meanings.isEmpty { emoji.variantMeanings[v.code] = v.meanings }
                        guard let image = v.image else { continue }
                        addImage(image.name)
                        emoji.skinToneImages[v.code] = image.name
                    }
                }
                emojis.append(emoji)
            }
            groups.append(EmojiGroup(name: g.name, titles: g.titles, emojis: emojis))
        }
        do throws(EmojiCatalogError) {
            return Result(catalog: try EmojiCatalog(groups: groups), images: images, sequences: sequences)
        } catch {
            // At the entry the core names (natively, `catalog check` lists them all).
            var entry: CatalogJSON.Entry?
            switch error {
            case .emptyCode(let g, let i), .duplicateCode(_, let g, let i), .notOneGraphemeCluster(_, let g, let i),
                 .codeNotPlaceholderSafe(_, let g, let i):
                if let group = doc.groups.first(where: { $0.name == g }), i < group.emoji.count { entry = group.emoji[i] }
            case .duplicateGroup:
                break
            }
            let at = PureJSON.Failure(bytes, entry?.offset ?? 0, "")
            throw Failure(file: file, offset: at.offset, line: at.line, column: at.column, entry: entry?.index,
                          key: entry == nil ? "groups" : "code",
                          message: "the core refuses the catalog: \(messageText(error.description, limit: 400))")
        }
    }
}
