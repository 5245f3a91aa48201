import Testing
import Foundation
import EmojiSimTesting

// docs/PORTING.md, "Linking ChatUI into an app": the app's Package.swift. A manifest
// cannot compile inside a test target, so it is kept here as text and checked against
// Tests/Fixtures/ConsumerExecutable, the app package CI builds and runs that way
// (Tools/check-consumer-executable.sh); the executable the page shows is that fixture's
// main.swift (DocSnippetTests reads its regions).
/*
// snippet: porting-link
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyChat",
    dependencies: [
        .package(path: "../EmojiSim"),          // this repository, checked out beside yours
    ],
    targets: [
        .executableTarget(
            name: "MyChat",
            dependencies: [
                .product(name: "ChatUI", package: "EmojiSim"),   // the models, with SimCore ... Raster
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
// end snippet
*/

@Suite struct PortingExecutableExample {
    static let root = SnapshotFiles.packageRoot(from: #filePath)!

    /// The page's manifest names the products the fixture CI links (ChatUI alone) and
    /// an executable target, as the fixture does.
    @Test func theSnippetLinksWhatTheFixtureLinks() throws {
        let snippet = try #require(DocSnippetTests.regions["porting-link"])
        let fixture = try String(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/ConsumerExecutable/Package.swift"),
                                 encoding: .utf8)
        func products(in text: String) -> [String] {
            text.components(separatedBy: ".product(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        }
        #expect(products(in: snippet) == ["ChatUI"])
        #expect(products(in: fixture) == products(in: snippet))
        #expect(snippet.contains(".executableTarget(") && fixture.contains(".executableTarget("))
        // The executable the page shows is the fixture's, and it imports no test module.
        let main = try #require(DocSnippetTests.regions["porting-executable"])
        for module in ["Tester", "ChatHarness", "Scenario", "EmojiSimTesting", "Foundation", "Glibc"] {
            #expect(!main.contains("import \(module)\n") && !main.contains("import \(module) "), "main.swift imports \(module)")
        }
    }
}
