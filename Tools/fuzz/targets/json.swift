// libFuzzer target for the JSON catalog reader (JSONCatalog.load: PlistBounds' JSON depth
// check, JSONSerialization, then the typed reader). Every input must import or throw a
// CatalogImportError. What imports (strictly) is encoded again (`catalog convert`'s
// JSONCatalog.encode) and must import to the same groups, wire format and images.
import Foundation

let fuzzFolder: URL = {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-fuzz-json-\(getpid())")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let url = fuzzFolder.appendingPathComponent("c.json")
    try? Data(bytes: data, count: size).write(to: url)
    _ = try? JSONCatalog.load(url, options: CatalogImportOptions(lenient: true))
    guard let c = try? JSONCatalog.load(url) else { return 0 }
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
