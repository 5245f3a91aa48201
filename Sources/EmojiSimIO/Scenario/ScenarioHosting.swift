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

    public static func profile(_ d: DeviceSpec) -> DeviceProfile {
        switch d {
        case .iphone8: return .iphone8
        case .iphone14: return .iphone14
        case .custom(let w, let h, let s): return .custom(width: w, height: h, scale: s)
        }
    }

    public static func makeScreen(_ c: ScenarioConfiguration, assets: ScenarioAssets) -> ChatScreen {
        let device = profile(c.device)
        var config = ChatScreen.Configuration()
        config.theme = c.theme == .dark ? .dark : .light
        var panel = PanelConfiguration.standard
        panel.columns = c.panelColumns
        panel.rows = c.panelRows
        // Keys shrink to fit the width when a layout asks for many columns.
        let available = device.size.width - panel.insets.horizontal - Double(c.panelColumns - 1) * panel.spacing.width
        let key = min(panel.itemSize.width, (available / Double(c.panelColumns)).rounded(.down))
        panel.itemSize = Size(width: key, height: key)
        panel.previewInserts = c.previewInserts
        panel.minimumPressDuration = c.longPressDuration
        switch c.panelSnap {
        case .uikit: panel.snapPolicy = .paging
        case .round: panel.snapPolicy = .round
        case .projected: panel.snapPolicy = .projected
        case .none: panel.snapPolicy = .none
        }
        config.panel = panel
        config.inputBar.maxLines = c.inputMaxLines
        config.inputBar.maxLength = c.inputMaxLength
        let messages = c.conversation == .demo ? DemoConversation.messages() : []
        return ChatScreen(profile: device, catalog: assets.catalog, messages: messages,
                          images: assets.makeLibrary(), configuration: config)
    }
}
