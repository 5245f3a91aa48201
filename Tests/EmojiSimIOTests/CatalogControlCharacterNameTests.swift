import Foundation
import Testing
import EmojiText
@testable import EmojiSimIO
@testable import EmojiSimCoreABI

/// Issue 47, item 18: an image path with a newline or tab would split the playground's
/// `image NAME` / `sequence NAME<TAB>...` lines; both JSON readers refuse it at the
/// catalog's load, with the place.
@Suite struct CatalogControlCharacterNameTests {
    static func json(_ entry: String) -> String {
        #"{"format":"emojisim-catalog","version":1,"groups":[{"name":"g","emoji":["# + entry + "]}]}"
    }

    @Test(arguments: [
        (#"{"code":"a","kind":"static","image":"a\nb.png"}"#, "U+000A", "image"),
        (#"{"code":"a","kind":"animated","frames":["f.png","x\ty.png"]}"#, "U+0009", "frames[1]"),
        (#"{"code":"a","kind":"static","image":"a\r.png"}"#, "U+000D", "image"),
        (#"{"code":"a","kind":"static","image":"a\u007f.png"}"#, "U+007F", "image"),
    ])
    func theWasmCoreRefusesAControlCharacterInAPath(entry: String, character: String, key: String) throws {
        let bytes = Array(Self.json(entry).utf8)
        let state = CoreABI.State()
        do {
            _ = try CoreABI.loadCatalogJSON(bytes, file: "c.json", into: state)
            Issue.record("accepted \(entry)")
        } catch {
            #expect(error.status == .parseError)
            #expect(error.message.hasPrefix("c.json:1:"), "\(error.message)")
            #expect(error.message.contains("entry 0 (\(key))") && error.message.contains(character), "\(error.message)")
        }
        // The native reader (`emojisim`, the same parser) refuses it alike.
        do {
            _ = try CatalogJSON.parse(bytes, file: "c.json")
            Issue.record("native accepted \(entry)")
        } catch {
            #expect(error.message.contains(character))
        }
    }

    @Test func aPlainNameIsListedOneALine() throws {
        let out = try CoreABI.loadCatalogJSON(Array(Self.json(#"{"code":"a","kind":"static","image":"sub/a b.png"}"#).utf8), file: "c.json",
                                              into: CoreABI.State())
        #expect(out == "image sub/a b.png\n")
    }
}
