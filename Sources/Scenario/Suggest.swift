/// Did-you-mean suggestions (clap's and git's convention): the known word nearest to a
/// mistyped one, by edit distance. One place for the script parser (commands, targets,
/// expectations, setting keys) and the command line (subcommands, verbs, options).
///
/// Words are compared by Unicode scalars with ASCII letters folded to lower case, so the
/// answer is the same in every build (no locale, no Unicode case tables).
public enum Suggest {
    /// Scalars of `s` with ASCII letters in lower case.
    static func folded(_ s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }
    }

    /// The edit distance between `a` and `b`: insertions, deletions and substitutions of
    /// scalars, and a swap of two neighbours counting one (Damerau's variant: `tpa` for
    /// `tap` is the commonest typo). ASCII case is ignored.
    ///
    /// - Parameters:
    ///   - a: One word.
    ///   - b: The other.
    /// - Returns: The number of edits that turn `a` into `b`.
    /// - Complexity: O(|a| |b|) time, O(|b|) memory.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = folded(a), y = folded(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // Three rows: two back for the swap, one back, and this one.
        var back2 = [Int](repeating: 0, count: y.count + 1)
        var back1 = Array(0...y.count)
        var row = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            row[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var d = min(back1[j] + 1, row[j - 1] + 1, back1[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { d = min(d, back2[j - 2] + 1) }
                row[j] = d
            }
            (back2, back1, row) = (back1, row, back2)
        }
        return back1[y.count]
    }

    /// The candidate nearest to `word`, when near enough to be what was meant: at most a
    /// third of the word's length away (at least 1, at most 3), else the first candidate
    /// `word` is a prefix of (two scalars or more). Ties go to the first candidate, so the
    /// answer depends only on the candidates' order. Words longer than 64 scalars get no
    /// suggestion (a pasted paragraph is not a typo, and the work stays bounded).
    ///
    /// - Parameters:
    ///   - word: What was written.
    ///   - candidates: The words known there, in the order ties should favour.
    /// - Returns: The word meant, or nil when none is near.
    /// - Complexity: O(n · |word| · m) for n candidates of at most m scalars.
    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        let length = word.unicodeScalars.count
        guard length > 0, length <= 64 else { return nil }
        let limit = min(3, max(1, length / 3))
        var best: (word: String, distance: Int)?
        for c in candidates where c != word {
            let d = distance(word, c)
            if d <= limit, best.map({ d < $0.distance }) ?? true { best = (c, d) }
        }
        if let best { return best.word }
        if length >= 2 { return candidates.first { $0 != word && $0.hasPrefix(word) } }
        return nil
    }

    /// `" (did you mean 'x'?)"`, or "" when nothing is near: appended to a one-line
    /// message.
    ///
    /// - Parameters:
    ///   - word: What was written.
    ///   - candidates: The words known there.
    /// - Returns: The hint, or "".
    public static func hint(_ word: String, among candidates: [String]) -> String {
        nearest(word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
