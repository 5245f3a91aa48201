import SimCore

/// Every emoji an app offers, in groups, with O(1) lookups and ranked search.
///
/// Invariants (checked by `init`, which throws `EmojiCatalogError` otherwise): group
/// names are unique; codes are unique across all emoji and skin-tone variants; image
/// codes can be written as `[code]`; Unicode codes are one well-formed grapheme cluster.
///
/// Skin-tone variants are entries too: `emoji(forCode: "👋🏻")` answers an `Emoji`
/// with that code, a name of its own (the catalog's `variantMeanings`, else the base's
/// name with the tone: `挥手：较浅肤色`, `waving hand: light skin tone`; see
/// `SkinTone`), the base's keywords and group, and its image: the base's
/// `skinToneImages` entry, else (when the base uses a Noto file name) the variant's Noto
/// image name. They are not listed in `emojis`.
public struct EmojiCatalog: Sendable {
    /// Groups in display order.
    public let groups: [EmojiGroup]
    /// All emoji of all groups, in display order (group by group).
    public let emojis: [Emoji]
    /// `emojis` followed by the synthesized skin-tone variants; the scanner's entry numbers.
    let entries: [Emoji]
    private let codeIndex: [String: Int]
    private let meaningIndex: [String: Int]
    private let imageNameIndex: [String: Int]
    private let groupIndex: [String: Int]
    let unicodeIndex: UnicodeEmojiIndex
    /// Image codes by UTF-8 bytes (what `[code]` may name), for the scanner.
    let imageCodes: ByteKeyTable
    /// Unicode emoji and variants by UTF-8 bytes (what `[hex]` may name), for the scanner.
    let unicodeCodes: ByteKeyTable
    /// Per emoji of `emojis`: the UTF-8 bytes of its lowercased code, meanings and
    /// keywords, made once (a search reads them, it does not copy or lowercase them).
    private let searchKeys: [[[UInt8]]]

    /// Builds the lookup tables. Each emoji's `group` is set to the name of the group
    /// it is in.
    ///
    /// - Parameter groups: The groups in display order; names and codes must be unique.
    /// - Throws: `EmojiCatalogError` naming the group and index of the first bad emoji.
    /// - Complexity: O(total size of the groups).
    public init(groups: [EmojiGroup]) throws(EmojiCatalogError) {
        var groupIndex: [String: Int] = [:]
        var normalizedGroups: [EmojiGroup] = []
        var emojis: [Emoji] = []
        for (gi, group) in groups.enumerated() {
            guard groupIndex[group.name] == nil else { throw .duplicateGroup(name: group.name) }
            groupIndex[group.name] = gi
            var g = group
            for k in g.emojis.indices { g.emojis[k].group = group.name }
            normalizedGroups.append(g)
            emojis.append(contentsOf: g.emojis)
        }
        var entries = emojis
        var codeIndex: [String: Int] = [:]
        var unicodeIndex = UnicodeEmojiIndex()
        var position: [Int] = [] // index within its group, for error messages
        for g in normalizedGroups { position.append(contentsOf: g.emojis.indices) }

        func register(_ code: String, entry: Int, isUnicode: Bool, group: String, index: Int) throws(EmojiCatalogError) {
            guard !code.isEmpty else { throw .emptyCode(group: group, index: index) }
            guard codeIndex[code] == nil else { throw .duplicateCode(code: code, group: group, index: index) }
            if isUnicode {
                guard Self.isWellFormedCluster(code) else {
                    throw .notOneGraphemeCluster(code: code, group: group, index: index)
                }
                unicodeIndex.insert(code, entry: entry)
            } else {
                guard Self.isPlaceholderSafe(code) else {
                    throw .codeNotPlaceholderSafe(code: code, group: group, index: index)
                }
            }
            codeIndex[code] = entry
        }

        for (i, e) in emojis.enumerated() {
            try register(e.code, entry: i, isUnicode: e.kind == .unicode, group: e.group, index: position[i])
        }
        for (i, e) in emojis.enumerated() where e.kind == .unicode {
            let notoBase = e.imageName != nil && e.imageName == Emoji.notoImageName(for: e.code)
            for variant in e.skinToneVariants {
                var v = e
                v.code = variant
                v.meanings = e.variantMeanings[variant] ?? SkinTone.variantMeanings(base: e.meanings, variant: variant)
                v.skinToneVariants = []
                v.variantMeanings = [:]
                v.skinToneImages = [:]
                v.imageName = e.skinToneImages[variant] ?? (notoBase ? Emoji.notoImageName(for: variant) : nil)
                entries.append(v)
                try register(variant, entry: entries.count - 1, isUnicode: true, group: e.group, index: position[i])
            }
        }

        var meaningIndex: [String: Int] = [:]
        var imageNameIndex: [String: Int] = [:]
        var searchKeys: [[[UInt8]]] = []
        for (i, e) in entries.enumerated() {
            // Sorted locales: the first emoji of a meaning wins whatever the dictionary order.
            for locale in e.meanings.keys.sorted() {
                let m = e.meanings[locale]!
                if meaningIndex[m] == nil && i < emojis.count { meaningIndex[m] = i }
            }
            if let name = e.imageName, imageNameIndex[name] == nil { imageNameIndex[name] = i }
            if i < emojis.count {
                var keys = [Array(e.code.lowercased().utf8)]
                for locale in e.meanings.keys.sorted() { keys.append(Array(e.meanings[locale]!.lowercased().utf8)) }
                keys.append(contentsOf: e.keywords.map { Array($0.lowercased().utf8) })
                searchKeys.append(keys)
            }
        }

        self.groups = normalizedGroups
        self.emojis = emojis
        self.entries = entries
        self.codeIndex = codeIndex
        self.meaningIndex = meaningIndex
        self.imageNameIndex = imageNameIndex
        self.groupIndex = groupIndex
        self.unicodeIndex = unicodeIndex
        var imageCodes = ByteKeyTable()
        var unicodeCodes = ByteKeyTable()
        for (code, entry) in codeIndex.sorted(by: { $0.value < $1.value }) {
            if entries[entry].kind == .unicode {
                unicodeCodes.insert(Array(code.utf8), value: entry)
            } else {
                imageCodes.insert(Array(code.utf8), value: entry)
            }
        }
        self.imageCodes = imageCodes
        self.unicodeCodes = unicodeCodes
        self.searchKeys = searchKeys
    }

    /// An empty catalog: every text stays text.
    public static let empty: EmojiCatalog = {
        do throws(EmojiCatalogError) { return try EmojiCatalog(groups: []) } catch { fatalError("unreachable: \(error)") }
    }()

    /// Emoji over all groups, skin-tone variants not counted.
    public var count: Int { emojis.count }

    // MARK: lookups, all O(1) (one hash of the key)

    /// The emoji (or skin-tone variant) with this code: `f056`, `笑哭`, `😄`, `👋🏻`.
    public func emoji(forCode code: String) -> Emoji? {
        codeIndex[code].map { entries[$0] }
    }

    /// The emoji a bracketed placeholder stands for: `[笑哭]`, `[f056]` or the UTF-8
    /// hex of a known Unicode emoji `[f09f9884]`. Unicode emoji themselves are accepted
    /// too (`😄`). Nil for anything the catalog does not know.
    public func emoji(forDescription description: String) -> Emoji? {
        var s = description
        return s.withUTF8 { buf -> Emoji? in
            if let token = PlaceholderScanner.wholeToken(buf, catalog: self) { return entries[token.entry] }
            return nil
        }
    }

    /// The first emoji (in catalog order) with this meaning in any locale.
    public func emoji(forMeaning meaning: String) -> Emoji? {
        meaningIndex[meaning].map { entries[$0] }
    }

    /// The first emoji (in catalog order, variants last) drawn with this image.
    public func emoji(forImageName name: String) -> Emoji? {
        imageNameIndex[name].map { entries[$0] }
    }

    /// The group with this name (`经典`, `Seed`); titles are not names.
    public func group(named name: String) -> EmojiGroup? {
        groupIndex[name].map { groups[$0] }
    }

    /// The skin-tone variants of `emoji` as full entries (empty when it has none).
    public func variants(of emoji: Emoji) -> [Emoji] {
        emoji.skinToneVariants.compactMap { self.emoji(forCode: $0) }
    }

    // MARK: search

    /// The longest search query, in UTF-8 bytes: a longer one finds nothing (catalog
    /// search and the panel's own search alike), and a script's `search` line with one
    /// is a parse error. Names and keywords are short; the bound keeps a pasted page
    /// from being lowercased, traced and matched on every keystroke.
    public static let maxSearchQueryBytes = 256

    /// Emoji whose code, a meaning (any locale) or a keyword contains `query`,
    /// case-insensitively (CJK included). Ranked: an exact match first, then a prefix,
    /// then a substring; ties keep catalog order. Variants are not listed. An empty or
    /// all-whitespace query finds nothing, and so does one longer than
    /// `maxSearchQueryBytes`.
    ///
    /// - Complexity: O(total length of the searchable text + query length): the
    ///   substring test is linear (`BytePattern`), however long a keyword is.
    public func search(_ query: String, limit: Int = .max) -> [Emoji] {
        guard query.utf8.count <= Self.maxSearchQueryBytes else { return [] }
        let q = BytePattern(Array(query.lowercased().utf8))
        guard !q.bytes.isEmpty, limit > 0, !query.allSatisfy({ $0.isWhitespace }) else { return [] }
        var ranked: [(rank: Int, index: Int)] = []
        for (i, keys) in searchKeys.enumerated() {
            var best = 3
            for k in keys where best > 0 {
                // On valid UTF-8 a byte match is a scalar-aligned match.
                if k == q.bytes { best = 0 } else if best > 1 && k.starts(with: q.bytes) { best = 1 } else if best > 2 && q.occurs(in: k) { best = 2 }
            }
            if best < 3 { ranked.append((best, i)) }
        }
        ranked.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.index < $1.index }
        return ranked.prefix(limit).map { emojis[$0.index] }
    }

    // MARK: validation

    static func isPlaceholderSafe(_ code: String) -> Bool {
        let n = code.utf8.count
        guard n >= 1 && n <= PlaceholderScanner.maxBodyBytes else { return false }
        return code.unicodeScalars.allSatisfy { PlaceholderScanner.isBodyScalar($0.value) }
    }

    static func isWellFormedCluster(_ code: String) -> Bool {
        guard code.count == 1, let first = code.unicodeScalars.first, let last = code.unicodeScalars.last else {
            return false
        }
        // A lone regional indicator would pair with a neighbour (GB12/13): refused.
        let loneRI = code.unicodeScalars.count == 1 && GraphemeRules.isRegionalIndicator(first.value)
        return !GraphemeRules.continuesCluster(first.value) && last.value != 0x200D && !loneRI
    }
}
