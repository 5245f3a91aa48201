import ChatUI
import Scenario

/// Command-line options that stand for a script's setup lines (`--device`, `--theme`,
/// `--catalog`): they go through the script parser, so they accept exactly what a
/// script's `device`/`theme`/`catalog` lines accept (`iphone8`, `iphone14`, `WxH@S`, ...)
/// and are refused with the same messages.
enum SetupOptions {
    /// The setup text of the options, defaults filled in, ending with `conversation`.
    static func setupText(device: String?, theme: String?, catalog: String?, conversation: String = "demo") -> String {
        "device \(device ?? "iphone8")\n" + "theme \(theme ?? "light")\n"
            + "catalog \(catalog ?? "demo")\n" + "conversation \(conversation)\n"
    }

    /// The configuration the setup text describes.
    ///
    /// - Throws: the parser's `ScriptErrors` (naming the option's line), as a
    ///   `UsageError` saying which option to fix.
    static func configuration(_ setup: String) throws -> ScenarioConfiguration {
        do {
            return ScenarioConfiguration(script: try ScriptParser.parse(setup, name: "<options>"))
        } catch {
            throw UsageError("bad --device, --theme or --catalog:\n\(error)")
        }
    }

    /// The device a `--device` value names.
    ///
    /// - Throws: a `UsageError` with the parser's message.
    static func device(_ value: String) throws -> DeviceProfile {
        do {
            return ScenarioConfiguration(script: try ScriptParser.parse("device \(value)\n", name: "--device")).device
        } catch {
            throw UsageError("--device takes iphone8, iphone14 or WxH@S (e.g. 320x568@2), as a script's device line:\n\(error)")
        }
    }
}
