import Testing
@testable import EmojiSimIO

@Suite struct BundledResourcesTests {
    @Test func readsAShippedFileAndRejectsAMissingOne() throws {
        let readme = try BundledResources.bytes("README.md")
        #expect(String(decoding: readme, as: UTF8.self).contains("Resources shipped"))
        #expect(throws: BundledResources.MissingResource.self) { try BundledResources.bytes("nope/missing.png") }
        #expect(BundledResources.list("").contains("README.md"))
    }
}
