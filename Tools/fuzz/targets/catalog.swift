// libFuzzer target for the catalog readers that take untrusted files: the first byte
// picks one, the rest is the file. 0: seed emtions.plist (XML or binary, through
// PlistBounds and PlistReader), 1: sticker-pack plist, 2: Weibo info.plist, 3: JSON
// catalog, 4: emoji-test.txt, 5: code-point file names (one a line). Every input must
// import, or throw a CatalogImportError; never trap or exceed the limits.
import Foundation

let fuzzFolder: URL = {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-fuzz-catalog-\(getpid())")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let selector = data[0] % 6
    let body = Data(bytes: data + 1, count: size - 1)
    let lenient = data[0] & 0x80 != 0
    let options = CatalogImportOptions(lenient: lenient)
    switch selector {
    case 4:
        if let c = try? EmojiTestImporter.parse(String(decoding: body, as: UTF8.self), file: "t.txt", options: options) {
            precondition(c.emojiCount <= CatalogLimits.maxEntries)
        }
    case 5:
        for line in String(decoding: body, as: UTF8.self).split(separator: "\n") {
            _ = CodePointFolderImporter.emoji(fromFileName: String(line))
        }
    default:
        let name = ["emtions.plist", "InnerStickersInfo.plist", "info.plist", "c.json"][Int(selector)]
        let url = fuzzFolder.appendingPathComponent(name)
        try? body.write(to: url)
        let result: ImportedCatalog?
        switch selector {
        case 0:
            result = try? SeedPlistImporter.load(emotions: url, meanings: fuzzFolder.appendingPathComponent("none.plist"), options: options)
            _ = try? PlistReader(file: name).load(url)
        case 1: result = try? StickerPackImporter.load(url, options: options)
        case 2: result = try? WeiboListImporter.load(url, options: options)
        default: result = try? JSONCatalog.load(url, options: options)
        }
        if let c = result {
            precondition(c.emojiCount <= CatalogLimits.maxEntries)
            for e in c.allEmoji { if let s = e.size { precondition(s.width.isFinite && s.height.isFinite) } }
            _ = CatalogChecker.check(c)
        }
    }
    return 0
}
