// libFuzzer target for the text parsers of the core, the first byte picking one:
// 0: the placeholder scanner (RichText over the demo catalog): the plain text comes back
//    unchanged, the runs spell it, and rich text rebuilt from its runs is equal;
// 1: the text diff of the input's two halves, run to a small cell limit (so the
//    replaced-block fallback is reached too): the ops spell the old lines (same + removed)
//    and the new lines (same + added), and equal texts have no change;
// 2: the Unifont .hex parser, with small limits;
// 3: the editor's incremental re-parse: the input, split at 0xFF bytes, is a list of
//    edits (the first byte of each: the operation in its low 3 bits, the position in
//    the rest; the other bytes: the text), and after each the editor's units must equal
//    a parse of the whole text (`invariantViolations(.full)`).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: body, as: UTF8.self)
    switch data[0] % 4 {
    case 0:
        let rich = RichText(parsing: text, catalog: .demo)
        precondition(rich.plainText == text, "placeholder scan changed the text")
        let runs = rich.runs
        precondition(runs.map(\.plainText).joined() == text, "the runs do not spell the text")
        precondition(RichText(runs: runs) == rich, "rich text rebuilt from its runs differs")
    case 1:
        let half = text.index(text.startIndex, offsetBy: text.count / 2)
        let old = String(text[..<half]), new = String(text[half...])
        for cells in [1 << 12, 16] {
            let ops = TextDiff.lineOps(old: old, new: new, maxCells: cells)
            var a: [String] = [], b: [String] = []
            for op in ops {
                switch op {
                case .same(let s): a.append(s); b.append(s)
                case .removed(let s): a.append(s)
                case .added(let s): b.append(s)
                }
            }
            precondition(a == TextDiff.split(old) && b == TextDiff.split(new), "the diff does not spell its inputs")
            if old == new { precondition(ops.allSatisfy(\.isSame), "equal texts with a change") }
        }
        let unified = TextDiff.unified(old: old, new: new, maxLines: 50)
        precondition((unified == nil) == (old == new))
        if let u = unified { precondition(u.split(separator: "\n", omittingEmptySubsequences: false).count <= 52) }
    case 3:
        let limit: Int? = data[0] & 4 == 0 ? nil : 48
        var e = TextEditor(catalog: .demo, configuration: .init(maximumLength: limit, undoLimit: 20))
        for piece in body.split(separator: 0xFF, omittingEmptySubsequences: true).prefix(64) {
            let op = piece[piece.startIndex]
            let t = String(decoding: piece.dropFirst(), as: UTF8.self)
            let p = Int(op >> 3) % (e.unitCount + 1)
            switch op & 7 {
            case 0, 1: _ = try? e.setCaret(p); e.insertText(t)
            case 2: _ = try? e.setCaret(p); e.deleteBackward()
            case 3:
                let q = (p + t.utf8.count) % (e.unitCount + 1)
                _ = try? e.setSelection(min(p, q)..<max(p, q)); e.insertText(t)
            case 4: e.undo()
            case 5: e.redo()
            case 6: e.setMarkedText(t)
            default: e.commitMarkedText()
            }
            let v = e.invariantViolations(.full) + e.invariantViolations(.lastEdit)
            precondition(v.isEmpty, "editor: \(v)")
        }
    default:
        _ = try? BitmapFont(parsingHex: body, limits: BitmapFont.Limits(maxGlyphs: 4096, maxLineLength: 200))
    }
    return 0
}
