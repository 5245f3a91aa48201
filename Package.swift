// swift-tools-version:6.0
import PackageDescription

// One package, no dependencies. The pure core (SimCore ... Scenario) imports no
// Foundation; EmojiSimIO, EmojiSimTesting and the tools are the shell around it.
let package = Package(
    name: "EmojiSim",
    products: [
        .library(name: "SimCore", targets: ["SimCore"]),
        .library(name: "EmojiText", targets: ["EmojiText"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "Interaction", targets: ["Interaction"]),
        .library(name: "Raster", targets: ["Raster"]),
        // The one way to drive a simulation (touches, virtual time, finders) under test.
        .library(name: "Tester", targets: ["Tester"]),
        .library(name: "ChatUI", targets: ["ChatUI"]),
        // The scenario language and runner, so other packages can drive a screen from
        // scripts or from Swift (`ScenarioDriver`) and check it with EmojiSimTesting.
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "EmojiSimIO", targets: ["EmojiSimIO"]),
        .library(name: "EmojiSimTesting", targets: ["EmojiSimTesting"]),
        .executable(name: "emojisim", targets: ["emojisim"]),
    ],
    targets: [
        // MARK: pure core
        .target(name: "SimCore"),
        .target(name: "EmojiText", dependencies: ["SimCore"]),
        .target(name: "Imaging", dependencies: ["SimCore"]),
        .target(name: "Interaction", dependencies: ["SimCore"]),
        .target(name: "Raster", dependencies: ["SimCore", "Imaging"]),
        // --
        .target(name: "Tester", dependencies: ["SimCore", "Interaction", "Raster"]),
        // --
        .target(name: "ChatUI", dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester"]),
        // --
        .target(name: "Scenario", dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI"]),
        // --

        // MARK: the Foundation shell
        .target(
            name: "EmojiSimIO",
            dependencies: ["SimCore", "EmojiText", "Imaging", "Raster", "ChatUI", "Scenario"],
            resources: [.copy("Resources")]
        ),
        // --
        .target(name: "EmojiSimTesting", dependencies: ["SimCore", "Imaging", "Raster", "EmojiSimIO", "Scenario"]),
        // --

        // MARK: tools
        .executableTarget(
            name: "emojisim",
            dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "ChatUI", "Scenario", "EmojiSimIO", "EmojiSimTesting", "EmojiSimCoreABI"],
            path: "Tools/emojisim"
        ),
        .executableTarget(
            name: "emojisim-bench",
            dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "ChatUI", "Scenario", "EmojiSimIO", "EmojiSimTesting"],
            path: "Tools/emojisim-bench"
        ),
        // The C ABI of the wasm build (Tools/wasm), also built natively: the native half
        // of the wasm bit-exactness proof runs the same code (Tools/wasm/reference).
        .target(name: "EmojiSimCoreABI", dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "ChatUI", "Scenario"],
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
        .testTarget(name: "EmojiSimTestingTests", dependencies: ["EmojiSimTesting", "Raster", "EmojiSimIO", "Scenario", "ChatUI", "Imaging", "SimCore"]),
        // The command line itself (`emojisim run`, `emojisim snapshots`), in process.
        .testTarget(name: "EmojiSimCLITests", dependencies: ["emojisim", "EmojiSimTesting", "Scenario", "ChatUI", "EmojiSimIO", "Imaging", "Raster", "SimCore"]),
        // --
        .testTarget(name: "ChatUITests", dependencies: ["ChatUI", "EmojiSimTesting", "EmojiSimIO", "EmojiText", "Imaging", "Interaction", "Raster", "SimCore", "Tester"]),
        // --
        .testTarget(name: "EmojiSimIOTests", dependencies: ["EmojiSimIO", "EmojiSimCoreABI", "ChatUI", "EmojiText", "Imaging", "Raster", "Scenario", "SimCore"]),
        // --
        .testTarget(name: "ScenarioTests", dependencies: ["Scenario", "EmojiSimIO", "EmojiSimTesting", "ChatUI", "EmojiText", "Imaging", "Interaction", "Raster", "SimCore", "Tester"]),
        // --
        // The Swift of README.md and docs/, compiled and run (DocSnippetTests checks the
        // docs show exactly this code), and the seed flows as a newcomer writes them.
        .testTarget(name: "EmojiSimExamples",
                    dependencies: ["SimCore", "EmojiText", "Imaging", "Interaction", "Raster", "Tester", "ChatUI", "Scenario", "EmojiSimIO",
                                   "EmojiSimTesting"],
                    exclude: ["Flows"]),
        // --
    ],
    swiftLanguageModes: [.v6]
)
