/// The five Fitzpatrick skin-tone modifiers (U+1F3FB to U+1F3FF) and their names, so a
/// variant such as `👋🏽` has a name of its own: a screen reader, a `label` finder and a
/// test must tell the variants apart.
///
/// The names are CLDR's (English as in emoji-test.txt, Chinese as in CLDR's `zh`
/// annotations). A catalog that states a variant's name (emoji-test.txt does, through
/// `Emoji.variantMeanings`) keeps it; `variantMeanings(base:variant:)` names the others.
public enum SkinTone: UInt32, CaseIterable, Sendable {
    /// U+1F3FB, Fitzpatrick type 1-2.
    case light = 0x1F3FB
    /// U+1F3FC, type 3.
    case mediumLight = 0x1F3FC
    /// U+1F3FD, type 4.
    case medium = 0x1F3FD
    /// U+1F3FE, type 5.
    case mediumDark = 0x1F3FE
    /// U+1F3FF, type 6.
    case dark = 0x1F3FF

    /// `light skin tone`, ... as emoji-test.txt writes them.
    public var englishName: String {
        switch self {
        case .light: "light skin tone"
        case .mediumLight: "medium-light skin tone"
        case .medium: "medium skin tone"
        case .mediumDark: "medium-dark skin tone"
        case .dark: "dark skin tone"
        }
    }

    /// `较浅肤色`, ... (CLDR `zh`).
    public var chineseName: String {
        switch self {
        case .light: "较浅肤色"
        case .mediumLight: "中等-浅肤色"
        case .medium: "中等肤色"
        case .mediumDark: "中等-深肤色"
        case .dark: "较深肤色"
        }
    }

    /// The tone's name in scripts and traces: `light`, `medium-light`, `medium`,
    /// `medium-dark`, `dark` (emoji-test.txt's words without "skin tone").
    public var scriptName: String {
        switch self {
        case .light: "light"
        case .mediumLight: "medium-light"
        case .medium: "medium"
        case .mediumDark: "medium-dark"
        case .dark: "dark"
        }
    }

    /// The tone a script name stands for (`scriptName`); nil for any other word.
    ///
    /// - Parameter scriptName: `light`, `medium-light`, `medium`, `medium-dark` or `dark`.
    public init?(scriptName: String) {
        guard let t = SkinTone.allCases.first(where: { $0.scriptName == scriptName }) else { return nil }
        self = t
    }

    /// The variant among `variants` that wears `tone` and no other: `👋🏽` for `👋` and
    /// `.medium`, and for a two-person family the variant where both wear it
    /// (`🧑🏽‍🤝‍🧑🏽`), as a default tone applies to everyone (iOS does the same). Nil when
    /// no variant has that one tone alone.
    ///
    /// - Parameters:
    ///   - tone: The tone.
    ///   - variants: A base emoji's variants (`EmojiCatalog.variants(of:)`).
    /// - Returns: The matching variant.
    /// - Complexity: O(total scalars of `variants`).
    public static func variant(wearing tone: SkinTone, among variants: [Emoji]) -> Emoji? {
        variants.first { tones(in: $0.code) == [tone] }
    }

    /// Every tone modifier in `code`, in order, repeats kept: one per person of a
    /// two-person variant (`🧑🏻‍🤝‍🧑🏼` is light, medium-light; `🧑🏻‍🤝‍🧑🏻` light, light),
    /// one for a single-modifier variant (`🤝🏻`, `💏🏻`: both people in one tone).
    ///
    /// - Parameter code: An emoji's characters.
    /// - Returns: The tones in order.
    /// - Complexity: O(scalars).
    public static func perPerson(in code: String) -> [SkinTone] {
        code.unicodeScalars.compactMap { SkinTone(rawValue: $0.value) }
    }

    /// Whether `variant` shows `first` on the first person and `second` on the second:
    /// its two modifiers are those, or it has one modifier and both are it (the
    /// same-tone handshake `🤝🏽`, kiss `💏🏽`, couple `💑🏽` take a single modifier).
    ///
    /// - Parameters:
    ///   - variant: A variant's code.
    ///   - first: The first person's tone.
    ///   - second: The second person's tone.
    /// - Returns: True when it matches.
    public static func variant(_ variant: String, wears first: SkinTone, _ second: SkinTone) -> Bool {
        let t = perPerson(in: variant)
        return t == [first, second] || (first == second && (t == [first] || t == [first, first]))
    }

    /// The distinct tones in `code`, in the order they first appear (`🧑🏻‍🤝‍🧑🏻` has one).
    ///
    /// - Parameter code: An emoji's characters.
    /// - Returns: Each tone once.
    /// - Complexity: O(scalars).
    public static func tones(in code: String) -> [SkinTone] {
        var out: [SkinTone] = []
        for s in code.unicodeScalars {
            if let t = SkinTone(rawValue: s.value), !out.contains(t) { out.append(t) }
        }
        return out
    }

    /// A variant's names derived from its base's, one per locale of the base: the base
    /// name, then the tones, in English after an ASCII name (`waving hand: medium skin
    /// tone`, emoji-test.txt's form; `, ` after a name that already has a colon) and in
    /// Chinese after any other (`挥手：中等肤色`). A code without a tone keeps the base's
    /// names.
    ///
    /// - Complexity: O(size of the names).
    public static func variantMeanings(base: [String: String], variant: String) -> [String: String] {
        let tones = tones(in: variant)
        guard !tones.isEmpty else { return base }
        var out: [String: String] = [:]
        for (locale, name) in base {
            if name.unicodeScalars.allSatisfy({ $0.isASCII }) {
                let words = tones.map { $0.englishName }.joined(separator: ", ")
                out[locale] = name + (name.unicodeScalars.contains(":") ? ", " : ": ") + words
            } else {
                let words = tones.map { $0.chineseName }.joined(separator: "、")
                out[locale] = name + (name.unicodeScalars.contains("：") ? "，" : "：") + words
            }
        }
        return out
    }
}
