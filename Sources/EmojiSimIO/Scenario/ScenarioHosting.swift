import Foundation
import SimCore
import EmojiText
import Raster
import ChatUI
import Scenario

/// The file-reading half of building a script's screen: loads the catalog and its
/// images (from resources or the script's folder); the pure mapping from the setup to a
/// ChatScreen is `Scenario.ScenarioScreen`, shared with the WebAssembly build.
public enum ScenarioHosting {
    /// A script's `catalog` paths must stay inside `catalogRoot` (default: the script's
    /// folder tree; see `ScenarioAssets.load`). A tool widens it only when its user asks
    /// (emojisim should pass `--catalog-root DIR` through; `/` allows any path).
    ///
    /// - Parameters:
    ///   - c: The script's setup (catalog, device, theme, locale...).
    ///   - scriptFolder: The folder relative `catalog` paths resolve in.
    ///   - catalogRoot: The folder catalog paths must stay in; `nil` means `scriptFolder`.
    /// - Returns: A new `ChatScreen` (ChatUI) set up as the script says.
    /// - Throws: ``CatalogImportError`` when the catalog cannot be loaded (see
    ///   ``ScenarioAssets/load(_:relativeTo:confinedTo:)``).
    public static func makeHost(_ c: ScenarioConfiguration, scriptFolder: URL, catalogRoot: URL? = nil) throws -> any ScenarioHost {
        let assets = try ScenarioAssets.load(c.catalog, relativeTo: scriptFolder, confinedTo: catalogRoot)
        return makeScreen(c, assets: assets)
    }

    /// The identities whose legend codes a run of `host` fixes up front: its catalog's
    /// emoji codes (`LegendCodes.init(fixing:)`), none for a screen that is not a
    /// `ChatScreen`.
    ///
    /// - Parameter host: A script's screen.
    /// - Returns: The codes of every emoji of the screen's catalog.
    public static func legendIdentities(of host: any ScenarioHost) -> [String] {
        (host as? SimCore.Host<ChatScreen>)?.reducer.catalog.emojis.map { $0.code } ?? []
    }

    /// The screen lives in the core (`ScenarioScreen`), shared with the wasm build. An
    /// image shown only in part (`ScenarioAssets.imageIssues`) starts the trace with
    /// `images imageIssue image="NAME" message=truncated after N frames: ...`.
    ///
    /// - Parameters:
    ///   - c: The script's setup.
    ///   - assets: The loaded catalog and images; the screen gets its own image library.
    /// - Returns: A new screen.
    public static func makeScreen(_ c: ScenarioConfiguration, assets: ScenarioAssets) -> SimCore.Host<ChatScreen> {
        let screen = ScenarioScreen.make(c, catalog: assets.catalog, images: assets.makeLibrary())
        for (name, issue) in assets.imageIssues {
            screen.trace.record(screen.clock.now, "images", "imageIssue", ("image", echoLiteral(name)), ("message", issue))
        }
        return screen
    }
}
