import Foundation

/// Where the benchmarks find their inputs and peers, and how they run other programs.
enum BenchEnvironment {
    /// The source tree this binary was built from.
    static let sourceRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The tree whose fixtures (Tests/Fixtures, Tests/Scenarios, Snapshots) and peers
    /// (Tools/bench-peers) are read: `EMOJISIM_BENCH_ROOT` when set (the driver sets it
    /// for a baseline's child to its own tree, so both binaries measure the same inputs),
    /// else `sourceRoot`.
    static let root: URL = ProcessInfo.processInfo.environment["EMOJISIM_BENCH_ROOT"]
        .map { URL(fileURLWithPath: $0) } ?? sourceRoot

    /// A peer program or script in Tools/bench-peers.
    static func peerScript(_ name: String) -> String {
        root.appendingPathComponent("Tools/bench-peers").appendingPathComponent(name).path
    }

    /// A fresh folder for one benchmark's files in this process (removed by `finish`).
    static func scratchFolder(_ name: String) -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("emojisim-bench-\(name)-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs a program to completion; its standard output ("" when it cannot start).
    static func runTool(_ exe: String, _ args: [String], directory: URL? = nil, stderr: Bool = false) -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        if let directory { p.currentDirectoryURL = directory }
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = stderr ? pipe : FileHandle.nullDevice
        do { try p.run() } catch { return (-1, "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Pillow's version, or nil when python3 or Pillow is missing.
    static let pillowVersion: String? = {
        let r = runTool("/usr/bin/env", ["python3", "-c", "import PIL; print(PIL.__version__)"])
        let v = r.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return r.status == 0 && !v.isEmpty ? v : nil
    }()
}
