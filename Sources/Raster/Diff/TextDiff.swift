/// Line diffs of text snapshots, printed as a unified diff.
///
/// Common prefix and suffix lines are trimmed first (O(n)); the rest is aligned by a
/// longest-common-subsequence table when it is small (at most `maxCells` cells), else
/// reported as one replaced block, so a huge unrelated file never costs quadratic time.
public enum TextDiff {
    /// One line of the alignment.
    public enum Op: Hashable, Sendable {
        /// In both texts (a context line, ` ` in the unified diff).
        case same(String)
        /// Only in the reference (`-`).
        case removed(String)
        /// Only in the new text (`+`).
        case added(String)
    }

    /// The line operations turning `old` into `new`.
    public static func lineOps(old: String, new: String, maxCells: Int = 4_000_000) -> [Op] {
        let a = split(old), b = split(new)
        var pre = 0
        while pre < a.count && pre < b.count && a[pre] == b[pre] { pre += 1 }
        var suf = 0
        while suf < a.count - pre && suf < b.count - pre && a[a.count - 1 - suf] == b[b.count - 1 - suf] { suf += 1 }
        var ops: [Op] = a[0..<pre].map { .same($0) }
        let ma = Array(a[pre..<(a.count - suf)]), mb = Array(b[pre..<(b.count - suf)])
        if ma.count * mb.count <= maxCells && !ma.isEmpty && !mb.isEmpty {
            // lcs[i][j]: LCS length of ma[i...] and mb[j...], flattened.
            let w = mb.count + 1
            var lcs = [Int32](repeating: 0, count: (ma.count + 1) * w)
            for i in stride(from: ma.count - 1, through: 0, by: -1) {
                for j in stride(from: mb.count - 1, through: 0, by: -1) {
                    lcs[i * w + j] = ma[i] == mb[j] ? lcs[(i + 1) * w + j + 1] + 1
                        : max(lcs[(i + 1) * w + j], lcs[i * w + j + 1])
                }
            }
            var i = 0, j = 0
            while i < ma.count || j < mb.count {
                if i < ma.count && j < mb.count && ma[i] == mb[j] {
                    ops.append(.same(ma[i])); i += 1; j += 1
                } else if j < mb.count && (i == ma.count || lcs[i * w + j + 1] > lcs[(i + 1) * w + j]) {
                    ops.append(.added(mb[j])); j += 1
                } else {
                    ops.append(.removed(ma[i])); i += 1
                }
            }
        } else {
            ops += ma.map { .removed($0) }
            ops += mb.map { .added($0) }
        }
        ops += a[(a.count - suf)...].map { .same($0) }
        return ops
    }

    /// A unified diff (`--- old`, `+++ new`, `@@ -l,n +l,n @@` hunks with `context`
    /// lines around changes), cut after `maxLines` output lines; nil when equal.
    public static func unified(old: String, new: String, oldName: String = "reference", newName: String = "actual",
                               context: Int = 3, maxLines: Int = 60) -> String? {
        if old == new { return nil }
        let ops = lineOps(old: old, new: new)
        var out = ["--- \(oldName)", "+++ \(newName)"]
        var k = 0
        // Line numbers before each op.
        var oldLine = [Int](repeating: 0, count: ops.count + 1), newLine = oldLine
        for (i, op) in ops.enumerated() {
            oldLine[i + 1] = oldLine[i] + (op.isAdded ? 0 : 1)
            newLine[i + 1] = newLine[i] + (op.isRemoved ? 0 : 1)
        }
        var truncated = false
        while k < ops.count {
            guard let firstChange = ops[k...].firstIndex(where: { !$0.isSame }) else { break }
            let start = max(k, firstChange - context)
            var end = firstChange
            // Extend while changes are closer than 2 * context.
            var i = firstChange
            while i < ops.count {
                if !ops[i].isSame { end = i; i += 1; continue }
                if i - end > 2 * context { break }
                i += 1
            }
            let stop = min(ops.count, end + context + 1)
            let oldCount = oldLine[stop] - oldLine[start], newCount = newLine[stop] - newLine[start]
            out.append("@@ -\(oldLine[start] + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newLine[start] + (newCount > 0 ? 1 : 0)),\(newCount) @@")
            for op in ops[start..<stop] {
                switch op {
                case .same(let s): out.append(" " + s)
                case .removed(let s): out.append("-" + s)
                case .added(let s): out.append("+" + s)
                }
            }
            if out.count > maxLines { truncated = true; break }
            k = stop
        }
        if out.count > maxLines { out.removeLast(out.count - maxLines) }
        if truncated { out.append("... (diff cut after \(maxLines) lines)") }
        return out.joined(separator: "\n") + "\n"
    }

    /// Lines without their terminators; a final newline does not add an empty line.
    static func split(_ s: String) -> [String] {
        var lines = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension TextDiff.Op {
    var isSame: Bool { if case .same = self { true } else { false } }
    var isAdded: Bool { if case .added = self { true } else { false } }
    var isRemoved: Bool { if case .removed = self { true } else { false } }
}
