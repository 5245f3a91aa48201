// libFuzzer target for the property-list path of the catalog importers: the input is one
// plist file (XML or binary: PlistBounds picks by the `bplist00` magic) and goes through
// PlistBounds, PlistReader (PropertyListSerialization) and every importer that reads a
// plist: the seed's emtions.plist (with a fixed valid meanings file, and the input as a
// meanings file too), the sticker pack's InnerStickersInfo.plist and Weibo's info.plist.
// Every input must import or throw a CatalogImportError: never trap, never exceed the
// limits, never give a non-finite size, never a duplicate group name. PlistBounds counts
// every XML element's depth (issue 26 item 1): the seeds and dictionary carry deep
// element nests and the markup (comments, CDATA, DOCTYPE) that must not count.
import Foundation

let fuzzFolder: URL = {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-fuzz-plist-\(getpid())")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    try? Data("<plist><dict><key>[a]</key><string>A</string></dict></plist>".utf8)
        .write(to: u.appendingPathComponent("meanings.plist"))
    return u
}()

func checkImported(_ c: ImportedCatalog) {
    precondition(c.emojiCount <= CatalogLimits.maxEntries, "more entries than the limit")
    precondition(Set(c.groups.map(\.name)).count == c.groups.count, "duplicate group names imported")
    for e in c.allEmoji {
        if let s = e.size { precondition(s.width.isFinite && s.height.isFinite, "non-finite size") }
    }
    _ = CatalogChecker.check(c)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    _ = try? PlistBounds.check(body)
    for (i, name) in ["emtions.plist", "InnerStickersInfo.plist", "info.plist"].enumerated() {
        let url = fuzzFolder.appendingPathComponent(name)
        try? body.write(to: url)
        // Lenient import differs from strict only where strict throws: try it only then.
        for lenient in [false, true] {
            let options = CatalogImportOptions(lenient: lenient)
            let result: ImportedCatalog?
            switch i {
            case 0: result = try? SeedPlistImporter.load(emotions: url, meanings: fuzzFolder.appendingPathComponent("meanings.plist"), options: options)
            case 1: result = try? StickerPackImporter.load(url, options: options)
            default: result = try? WeiboListImporter.load(url, options: options)
            }
            if let c = result { checkImported(c); break }
        }
        if i == 0 { _ = try? SeedPlistImporter.loadMeanings(url) }
    }
    return 0
}
