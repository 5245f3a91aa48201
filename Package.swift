// swift-tools-version:6.2
import PackageDescription

// Linux links no libm into an executable by default, and the core's `rounded()`,
// `squareRoot()`, `floor`... lower to its round, rint, trunc, ceil, floor, sqrt: each core
// target that calls them names it, so every product links with nothing but
// `.product(name:package:)` (Tests/Fixtures/ConsumerExecutable).
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

// One package, no dependencies. The pure core (SimCore ... Scenario) imports no
// Foundation; EmojiSimIO, EmojiSimTesting and the tools are the shell around it.
let package = Package(
    name: "EmojiSim",
    // Swift 6.2 or later (the tools version above; the `.snapshots` trait uses Swift
    // Testing's issue handling, attachments are 6.2 API). Linux is what CI builds;
    // Apple platforms from the releases that have `ContinuousClock` (the CLI's monkey).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "SimCore", targets: ["SimCore"]),
        .library(name: "EmojiText", targets: ["EmojiText"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "Interaction", targets: ["Interaction"]),
        .library(name: "Raster", targets: ["Raster"]),
        // The one way to drive a simulation (touches, virtual time, finders) under test.
        .library(name: "Tester", targets: ["Tester"]),
        // The chat screen's models and reducers, what an app ports: no test driver.
        .library(name: "ChatUI", targets: ["ChatUI"]),
        // The chat screen as the Tester's subject: its `Testable` conformances and finders.
        .library(name: "ChatHarness", targets: ["ChatHarness"]),
        // The scenario language and runner, so other packages can drive a screen from
        // scripts or from Swift (`ScenarioDriver`) and check it with EmojiSimTesting.
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "EmojiSimIO", targets: ["EmojiSimIO"]),
        .library(name: "EmojiSimTesting", targets: ["EmojiSimTesting"]),
        // The snapshot logic without XCTest or Swift Testing (what the CLI links).
        .library(name: "EmojiSimTestingCore", targets: ["EmojiSimTestingCore"]),
        .executable(name: "emojisim", targets: ["emojisim"]),
        // `swift package emojisim snapshots review` in any package that depends on this one.
        .plugin(name: "EmojiSimPlugin", targets: ["EmojiSimPlugin"]),
    ],
    targets: [
        // MARK: pure core
        .target(name: "SimCore", linkerSettings: libm),
        .target(name: "EmojiText", dependencies: ["SimCore"]),
        .target(name: "Imaging", dependencies: ["SimCore"], linkerSettings: libm),
        .target(name: "Interaction", dependencies: ["SimCore"], linkerSettings: libm),
        .target(name: "Raster", dependencies: ["SimCore", "Imaging"], linkerSettings: libm),
        // --
        .target(name: "Tester", dependencies: ["SimCore", "Interaction", "Raster"], linkerSettings: libm),
        // --
        .target(name: "ChatUI", dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster"],
                linkerSettings: libm),
        // --
        .target(name: "ChatHarness", dependencies: ["SimCore", "EmojiText", "Interaction", "Raster", "Tester", "ChatUI"]),
        // --
        .target(name: "Scenario", dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI", "ChatHarness"],
                linkerSettings: libm),
        // --

        // MARK: the Foundation shell
        .target(
            name: "EmojiSimIO",
            dependencies: ["SimCore", "EmojiText", "Imaging", "Raster", "ChatUI", "Scenario"],
            resources: [.copy("Resources")],
            linkerSettings: libm
        ),
        // --
        // Foundation only: strategies, the store, review, orphans, reports. At its old path
        // (the module was EmojiSimTesting) so that history and open branches follow it.
        .target(name: "EmojiSimTestingCore", dependencies: ["SimCore", "Imaging", "Raster", "EmojiSimIO", "Scenario"],
                path: "Sources/EmojiSimTesting"),
        // The test glue users import: assertions that record Swift Testing or XCTest
        // issues and attachments, the `.snapshots` trait; re-exports EmojiSimTestingCore.
        .target(name: "EmojiSimTesting", dependencies: ["EmojiSimTestingCore", "SimCore", "Imaging", "Raster", "EmojiSimIO", "Scenario"],
                path: "Sources/EmojiSimTestingGlue"),
        // --

        // MARK: tools
        .executableTarget(
            name: "emojisim",
            dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "ChatUI", "Scenario", "EmojiSimIO", "EmojiSimTestingCore", "EmojiSimCoreABI"],
            path: "Tools/emojisim"
        ),
        .executableTarget(
            name: "emojisim-bench",
            dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "ChatUI", "Scenario", "EmojiSimIO", "EmojiSimTestingCore"],
            path: "Tools/emojisim-bench"
        ),
        // The CLI as a command plugin (verb `emojisim`): no install, run where the package is.
        .plugin(name: "EmojiSimPlugin",
                capability: .command(intent: .custom(verb: "emojisim", description: "Run the emojisim command line (snapshots review, accept, ...) in this package"),
                                     permissions: [.writeToPackageDirectory(reason: "snapshots accept, reject and orphans --delete change files under Snapshots/ and __Snapshots__/")]),
                dependencies: ["emojisim"]),
        // The C ABI of the wasm build (Tools/wasm), also built natively: the native half
        // of the wasm bit-exactness proof runs the same code (Tools/wasm/reference).
        .target(name: "EmojiSimCoreABI", dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI", "ChatHarness", "Scenario"],
                path: "Tools/wasm/ABI"),
        .executableTarget(name: "wasm-reference", dependencies: ["EmojiText", "Scenario", "EmojiSimIO", "EmojiSimCoreABI"],
                          path: "Tools/wasm/reference"),
        // Imaging (gif): regenerates the demo's animated GIFs from the Noto stills.
        .executableTarget(name: "make-demo-assets", dependencies: ["Imaging", "EmojiText"], path: "Tools/make-demo-assets"),
        // Tools/docs check: counts undocumented public declarations from the symbol graphs of
        // the modules `swift build` built (no dependency; Foundation for the JSON).
        .executableTarget(name: "docs-check", path: "Tools/docs-check"),

        // MARK: tests
        // Each test target names every module it imports: a module imported only through
        // another is not an input of the test target's build, so after a change to its
        // layout (a stored property added) an incremental build kept objects compiled
        // against the old one and the tests crashed (EmojiSimIOTests, Host<ChatScreen>).
        .testTarget(name: "SimCoreTests", dependencies: ["SimCore"]),
        // --
        .testTarget(name: "EmojiTextTests", dependencies: ["EmojiText", "SimCore"]),
        // --
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "SimCore"]),
        // --
        .testTarget(name: "InteractionTests", dependencies: ["Interaction", "Tester", "Raster", "SimCore"]),
        // --
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Imaging", "SimCore"]),
        .testTarget(name: "EmojiSimTestingTests", dependencies: ["EmojiSimTesting", "EmojiSimTestingCore", "Raster", "EmojiSimIO", "Scenario", "ChatUI", "ChatHarness", "Imaging", "SimCore"]),
        // The command line itself (`emojisim run`, `emojisim snapshots`), in process.
        .testTarget(name: "EmojiSimCLITests", dependencies: ["emojisim", "EmojiSimTesting", "EmojiSimTestingCore", "Scenario", "ChatUI", "EmojiSimIO", "Imaging", "Raster", "SimCore"]),
        // --
        .testTarget(name: "ChatUITests", dependencies: ["ChatUI", "ChatHarness", "EmojiSimTesting", "EmojiSimIO", "EmojiText", "Imaging", "Interaction", "Raster", "SimCore", "Tester"]),
        // --
        .testTarget(name: "EmojiSimIOTests", dependencies: ["EmojiSimIO", "EmojiSimCoreABI", "ChatUI", "EmojiText", "Imaging", "Raster", "Scenario", "SimCore"]),
        // --
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "EmojiSimIO", "EmojiSimTesting", "ChatUI", "ChatHarness", "EmojiText", "Imaging", "Interaction", "Raster", "SimCore", "Tester"]),
        // --
        // The Swift of README.md and docs/, compiled and run (DocSnippetTests checks the
        // docs show exactly this code), and the seed flows as a newcomer writes them.
        .testTarget(name: "EmojiSimExamples",
                    dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI", "ChatHarness", "Scenario",
                                   "EmojiSimIO", "EmojiSimTesting"],
                    exclude: ["Flows"]),
        // --
    ],
    swiftLanguageModes: [.v6]
)
