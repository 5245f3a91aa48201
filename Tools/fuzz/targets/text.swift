// libFuzzer target for the text parsers of the core: the placeholder scanner (RichText
// over the demo catalog, which must give back its plain text), the text diff (a diff of
// two halves of the input, run to its cell limit), and the Unifont .hex parser. The
// first byte picks one.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: body, as: UTF8.self)
    switch data[0] % 3 {
    case 0:
        let rich = RichText(parsing: text, catalog: .demo)
        precondition(rich.plainText == text, "placeholder scan changed the text")
    case 1:
        let half = text.index(text.startIndex, offsetBy: text.count / 2)
        let old = String(text[..<half]), new = String(text[half...])
        let ops = TextDiff.lineOps(old: old, new: new, maxCells: 1 << 16)
        // Equal texts have no added or removed line.
        if old == new { precondition(ops.allSatisfy { if case .same = $0 { true } else { false } }) }
        _ = TextDiff.unified(old: old, new: new, maxLines: 50)
    default:
        _ = try? BitmapFont(parsingHex: body, limits: BitmapFont.Limits(maxGlyphs: 4096, maxLineLength: 200))
    }
    return 0
}
