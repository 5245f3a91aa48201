import Foundation
import SimCore
import EmojiText
import Raster
import ChatUI
import Scenario

/// Builds the screen a script's setup lines describe: device, theme, catalog (loaded
/// from resources or the script's folder), conversation and settings.
public enum ScenarioHosting {
    /// A script's `catalog` paths must stay inside `catalogRoot` (default: the script's
    /// folder tree; see `ScenarioAssets.load`). A tool widens it only when its user asks
    /// (emojisim should pass `--catalog-root DIR` through; `/` allows any path).
    public static func makeHost(_ c: ScenarioConfiguration, scriptFolder: URL, catalogRoot: URL? = nil) throws -> any ScenarioHost {
        let assets = try ScenarioAssets.load(c.catalog, relativeTo: scriptFolder, confinedTo: catalogRoot)
        return makeScreen(c, assets: assets)
    }

    public static func profile(_ d: DeviceSpec) -> DeviceProfile { ScenarioScreen.profile(d) }

    /// The screen lives in the core (`ScenarioScreen`), shared with the wasm build.
    public static func makeScreen(_ c: ScenarioConfiguration, assets: ScenarioAssets) -> ChatScreen {
        ScenarioScreen.make(c, catalog: assets.catalog, images: assets.makeLibrary())
    }
}
