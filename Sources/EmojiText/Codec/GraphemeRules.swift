/// The few grapheme-cluster facts the scanner needs to keep attachments on Swift
/// `Character` boundaries, answered exactly as the standard library's breaker does.
///
/// Why not walk `Character`s: that costs a breaker step per character of the whole
/// text, while these questions arise only next to a candidate emoji or placeholder.
/// The rare scalars outside the fast ranges are answered by asking the standard
/// library itself about a two-scalar probe string (small, so no allocation).
enum GraphemeRules {
    /// True when `v`, following an emoji or `]`, would join its grapheme cluster
    /// (Grapheme_Cluster_Break Extend, ZWJ or SpacingMark: rules GB9 and GB9a).
    @inline(__always)
    static func continuesCluster(_ v: UInt32) -> Bool {
        if v < 0x300 { return false }
        if v == 0x200D || v == 0x20E3 || (0xFE00...0xFE0F).contains(v) || (0x1F3FB...0x1F3FF).contains(v) {
            return true
        }
        if (0x3000...0x9FFF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0x1F000...0x1FAFF).contains(v) {
            return false
        }
        if (0xE0020...0xE007F).contains(v) { return true }
        guard let s = Unicode.Scalar(v) else { return false }
        var probe = "\u{1F600}"
        probe.unicodeScalars.append(s)
        return probe.count == 1
    }

    /// True when `v` is a Prepend scalar (GB9b): nothing may start a cluster right after it.
    @inline(__always)
    static func isPrepend(_ v: UInt32) -> Bool {
        // Every Prepend scalar lies in U+0600..U+11FFF outside the CJK and Hangul blocks.
        if v < 0x600 || (0x3000...0xFFFF).contains(v) || v >= 0x12000 { return false }
        guard let s = Unicode.Scalar(v) else { return false }
        var probe = ""
        probe.unicodeScalars.append(s)
        probe.unicodeScalars.append("a")
        return probe.count == 1
    }

    @inline(__always)
    static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1F1E6...0x1F1FF).contains(v) }
}
