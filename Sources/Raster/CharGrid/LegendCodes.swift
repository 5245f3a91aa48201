/// The two-character codes (`A1` ... `Z9`, `a1` ... `z9`) that stand for image emoji in
/// a character grid, assigned so that a code depends on the emoji, not on where it is
/// first drawn: an identity's preferred slot is a hash of its bytes (FNV-1a), taken
/// unless an earlier identity holds it, then the next free slot. Once assigned a code
/// never changes, so one table shared by a whole script run keeps an emoji's code from
/// its first appearance to the end, and changing one emoji in a snapshot changes only
/// the lines that show it (and the legend line) — no renumbering of the others.
///
/// Two identities may prefer one slot. Which one gets it must not depend on what a script
/// showed first (the same emoji would print differently in two scripts), so a table made
/// with `init(fixing:)` settles every collision among a catalog's identities up front, by
/// byte order: a catalog's emoji then have the same codes in every run that shows them.
/// Only identities outside that set still take the next free slot in order of appearance.
///
/// Invariant: `codes` is injective. `code(for:)` is O(1) expected, O(capacity) when the
/// table is nearly full; past `capacity` distinct identities every new one prints `##`.
public struct LegendCodes: Hashable, Sendable {
    /// Distinct codes available.
    public static let capacity = 468
    private var slots: [String: Int] = [:]
    private var taken = [Bool](repeating: false, count: LegendCodes.capacity)

    /// An empty table: the first identity gets its preferred slot.
    public init() {}

    /// A table whose codes for `identities` (a catalog's emoji codes) are fixed now, so
    /// they do not depend on the order a run shows them in: each slot preferred by some of
    /// them goes to the least of those (byte order), the others take the next free slot,
    /// least first. With more distinct identities than `capacity` nothing is fixed (the
    /// table is as `init()`'s), since fixing them all would leave no code for the rest.
    ///
    /// - Parameter identities: The identities to fix (duplicates count once).
    /// - Complexity: O(*n* log *n*) for *n* identities, O(capacity) probing at worst each.
    public init(fixing identities: [String]) {
        var unique: [String] = []
        var seen: Set<String> = []
        for i in identities where seen.insert(i).inserted { unique.append(i) }
        guard unique.count <= Self.capacity else { return }
        unique.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var losers: [String] = []
        for i in unique {
            let s = Self.preferredSlot(i)
            if taken[s] { losers.append(i) } else { taken[s] = true; slots[i] = s }
        }
        for i in losers {
            var s = Self.preferredSlot(i)
            while taken[s] { s = (s + 1) % Self.capacity }
            taken[s] = true
            slots[i] = s
        }
        fixedCount = slots.count
    }

    /// How many identities `init(fixing:)` fixed.
    public private(set) var fixedCount = 0

    /// Identities assigned so far.
    public var count: Int { slots.count }

    /// The code of `identity`, assigning it on first use.
    public mutating func code(for identity: String) -> String {
        if let s = slots[identity] { return Self.shortCode(s) }
        guard slots.count < Self.capacity else { return "##" }
        var s = Self.preferredSlot(identity)
        while taken[s] { s = (s + 1) % Self.capacity }
        taken[s] = true
        slots[identity] = s
        return Self.shortCode(s)
    }

    /// The slot `identity` prefers: its FNV-1a hash modulo `capacity`.
    static func preferredSlot(_ identity: String) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in identity.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return Int(h % UInt64(Self.capacity))
    }

    /// The code of slot `i`: A1...Z9, then a1...z9.
    static func shortCode(_ i: Int) -> String {
        let letter = i < 234 ? 65 + i / 9 : 97 + (i - 234) / 9
        return String(Character(Unicode.Scalar(UInt8(letter)))) + String(i % 9 + 1)
    }

    /// Sort key of a code, so a legend line lists codes in one fixed order.
    static func order(_ code: String) -> Int {
        let u = Array(code.utf8)
        guard u.count == 2 else { return Int.max }
        let letter = Int(u[0]), digit = Int(u[1]) - 49
        let row = letter >= 97 ? 26 + letter - 97 : letter - 65
        return row * 9 + digit
    }
}
