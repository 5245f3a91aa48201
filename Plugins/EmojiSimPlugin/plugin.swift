import Foundation
import PackagePlugin

/// `swift package emojisim ARGS...`: runs the `emojisim` command line, built from the
/// EmojiSim dependency, in the package's folder, so a package that depends on EmojiSim
/// reviews its snapshots with no CLI installed:
///
///     swift package emojisim snapshots review
///     swift package emojisim snapshots accept --all   # SwiftPM asks to allow writing
///     swift package --allow-writing-to-package-directory emojisim snapshots accept --all  # scripts
///
/// Every argument goes to `emojisim` unchanged; its exit status is the command's.
@main
struct EmojiSimPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "emojisim")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // The plugin's standard input carries SwiftPM's messages to it: the CLI must not
        // read them as answers. Without input, `snapshots review` shows every pending
        // snapshot and names the accept command instead of asking.
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            throw ToolFailed(status: process.terminationStatus, arguments: arguments)
        }
    }
}

/// The CLI's failure, as SwiftPM prints a plugin's error.
struct ToolFailed: Error, CustomStringConvertible {
    var status: Int32
    var arguments: [String]
    var description: String { "emojisim \(arguments.joined(separator: " ")) exited with status \(status)" }
}
