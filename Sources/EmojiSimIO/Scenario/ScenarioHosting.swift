import Foundation
import SimCore
import EmojiText
import Raster
import ChatUI
import Scenario

/// Builds the screen a script's setup lines describe: device, theme, catalog (loaded
/// from resources or the script's folder), conversation and settings.
public enum ScenarioHosting {
    public static func makeHost(_ c: ScenarioConfiguration, scriptFolder: URL) throws -> any ScenarioHost {
        let assets = try ScenarioAssets.load(c.catalog, relativeTo: scriptFolder)
        return makeScreen(c, assets: assets)
    }

    public static func profile(_ d: DeviceSpec) -> DeviceProfile { ScenarioScreen.profile(d) }

    /// The screen lives in the core (`ScenarioScreen`), shared with the wasm build.
    public static func makeScreen(_ c: ScenarioConfiguration, assets: ScenarioAssets) -> ChatScreen {
        ScenarioScreen.make(c, catalog: assets.catalog, images: assets.makeLibrary())
    }
}
