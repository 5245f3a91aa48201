import SimCore
import EmojiText
import Imaging
import Raster
import ChatUI

/// The screen a script's setup lines describe (device, theme, panel and input settings,
/// conversation) over a catalog and its images. Pure: the native shell
/// (`EmojiSimIO.ScenarioHosting`) and the WebAssembly build's C ABI both build their
/// screens here, so the two cannot drift apart.
public enum ScenarioScreen {
    /// The chat screen of a configuration, on its host (a fresh clock and trace).
    ///
    /// - Parameters:
    ///   - c: The script's setup.
    ///   - catalog: The loaded catalog.
    ///   - images: The catalog's images.
    /// - Returns: The opened screen at time zero, on a clock and trace of its own.
    /// - Complexity: that of `Host<ChatScreen>.init(profile:catalog:messages:...)`.
    public static func make(_ c: ScenarioConfiguration, catalog: EmojiCatalog, images: ImageLibrary) -> Host<ChatScreen> {
        let device = c.device
        var config = ChatScreen.Configuration()
        config.theme = c.theme
        var panel = PanelConfiguration.standard
        panel.columns = c.panelColumns
        panel.rows = c.panelRows
        // Keys shrink to fit the width when a layout asks for many columns.
        let available = device.size.width - panel.insets.horizontal - Double(c.panelColumns - 1) * panel.spacing.width
        let key = min(panel.itemSize.width, (available / Double(c.panelColumns)).rounded(.down))
        panel.itemSize = Size(width: key, height: key)
        panel.previewInserts = c.previewInserts
        panel.minimumPressDuration = c.longPressDuration
        panel.snapPolicy = c.panelSnap
        panel.defaultSkinTone = c.defaultSkinTone
        panel.recentsOrder = c.recentsOrder
        config.panel = panel
        config.inputBar.maxLines = c.inputMaxLines
        if let n = c.inputMaxLength { config.inputBar.maxLength = n } // else the bar's default maximum
        let messages = c.conversation == .demo ? DemoConversation.messages() : []
        return Host(profile: device, catalog: catalog, messages: messages, images: images, configuration: config)
    }
}
