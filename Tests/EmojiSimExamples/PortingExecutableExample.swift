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

@Suite struct ChatUIShipsWithoutTestModules {
    /// ChatUI's sources import no test module and its target depends on none: an app
    /// that ports the models links no test driver (the conformances are ChatHarness's).
    @Test func chatUIImportsNoTestModule() throws {
        let root = PortingExecutableExample.root
        let folder = root.appendingPathComponent("Sources/ChatUI")
        let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        let testModules = ["Tester", "ChatHarness", "Scenario", "EmojiSimTesting", "Testing", "XCTest"]
        for f in files {
            let text = try String(contentsOf: folder.appendingPathComponent(f), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
                let module = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(!testModules.contains(module), "Sources/ChatUI/\(f) imports \(module)")
            }
        }
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(manifest.components(separatedBy: ".target(name: \"ChatUI\"").dropFirst().first)
        let dependencies = String(target.prefix { $0 != "]" })
        for m in testModules { #expect(!dependencies.contains("\"\(m)\""), "the ChatUI target depends on \(m)") }
    }
}
