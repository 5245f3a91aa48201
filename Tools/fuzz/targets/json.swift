// libFuzzer target for the JSON catalog reader (JSONCatalog.load over EmojiText's
// CatalogJSON.parse over SimCore's PureJSON: the one reader, shared with the wasm core).
// Every input must import or throw a CatalogImportError; the document parse and the
// import agree on whether it is a catalog (paths aside: only resolving them can fail
// after the parse), and a failure has a position inside the text. What imports
// (strictly) is encoded again (`catalog convert`'s JSONCatalog.encode) and must import
// to the same groups (titles, variants' images), wire format and images: lossless.
import Foundation

let fuzzFolder: URL = {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-fuzz-json-\(getpid())")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = fuzzFolder.appendingPathComponent("c.json")
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    try? Data(bytes).write(to: url)
    _ = try? JSONCatalog.load(url, options: CatalogImportOptions(lenient: true))
    let parsed = Result { () throws(CatalogJSON.Failure) in try CatalogJSON.parse(bytes, file: "c.json") }
    if case .failure(let f) = parsed {
        precondition(f.offset >= 0 && f.offset <= size && f.line >= 1 && f.column >= 1, "a failure outside the text: \(f)")
        precondition(f.description.utf8.count < 2_000, "an unbounded message")
    }
    let loaded = Result { () throws(CatalogImportError) in try JSONCatalog.load(url) }
    if case .success = loaded, case .failure(let f) = parsed { preconditionFailure("imported what the parse refused: \(f)") }
    guard case .success(let c) = loaded else { return 0 }
    precondition(c.emojiCount <= CatalogLimits.maxEntries, "more entries than the limit")
    for e in c.allEmoji {
        if let s = e.size { precondition(s.width.isFinite && s.height.isFinite, "non-finite size") }
    }
    _ = CatalogChecker.check(c)
    let encoded: Data
    do { encoded = try JSONCatalog.encode(c, relativeTo: fuzzFolder) } catch {
        preconditionFailure("an imported catalog does not encode: \(error)")
    }
    let url2 = fuzzFolder.appendingPathComponent("again.json")
    try? encoded.write(to: url2)
    let again: ImportedCatalog
    do { again = try JSONCatalog.load(url2) } catch {
        preconditionFailure("the encoded catalog does not import: \(error)\n\(String(decoding: encoded, as: UTF8.self))")
    }
    precondition(again.groups == c.groups, "JSON round trip changed the groups")
    precondition(again.wire == c.wire && again.unicodeVersion == c.unicodeVersion, "JSON round trip changed the header")
    precondition(again.images == c.images && again.sequences == c.sequences, "JSON round trip changed the images")
    return 0
}
