import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process group a forwarded signal goes to (0: none). Read by the signal handler,
/// which can capture nothing; written only by `ChildProcess.run` around its wait.
nonisolated(unsafe) private var forwardedGroup: pid_t = 0
/// The last signal forwarded (0: none).
nonisolated(unsafe) private var forwardedSignal: Int32 = 0

/// A long child (the wasm build) that never outlives the command: it runs in its own
/// process group, SIGINT/SIGTERM/SIGHUP sent to `emojisim` are forwarded to that whole
/// group (the script and every compiler it started), and the command then stops
/// itself. A SIGKILL cannot be forwarded: the child is told the parent's pid
/// (`EMOJISIM_BUILD_PARENT`) so that it stops itself when the parent is gone
/// (Tools/wasm/build.sh watches it).
enum ChildProcess {
    /// The command was stopped by a signal while the child ran.
    struct Stopped: Error, CustomStringConvertible {
        var signal: Int32
        var signalName: String {
            switch signal {
            case SIGINT: "SIGINT"
            case SIGTERM: "SIGTERM"
            case SIGHUP: "SIGHUP"
            default: "signal \(signal)"
            }
        }
        var description: String { "stopped by \(signalName)" }
    }

    /// A child that could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the first is the executable's path) with the environment plus
    /// `extra` and `EMOJISIM_BUILD_PARENT`, its output going where the command's goes.
    ///
    /// - Returns: the child's exit status (128 + N when a signal N ended it).
    /// - Throws: `SpawnError` when it cannot start; `Stopped` when the command got a
    ///   signal meanwhile (the child's group got it too and has ended).
    static func run(_ arguments: [String], extra: [String: String] = [:]) throws -> Int32 {
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        env["EMOJISIM_BUILD_PARENT"] = String(getpid())
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attr, 0)

        let handler: @convention(c) (Int32) -> Void = { sig in
            forwardedSignal = sig
            if forwardedGroup > 0 { kill(-forwardedGroup, sig) }
        }
        var old: [Int32: sighandler_t?] = [:]
        let signals = [SIGINT, SIGTERM, SIGHUP]
        for s in signals { old[s] = signal(s, handler) }
        defer {
            forwardedGroup = 0
            for s in signals { signal(s, old[s] ?? SIG_DFL) }
        }
        forwardedSignal = 0
        // What the command printed so far comes before the child's output.
        fflush(nil)
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, arguments[0], nil, &attr, argv, envp)
        guard rc == 0 else { throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        forwardedGroup = pid
        // A signal that came before the group existed is forwarded now.
        if forwardedSignal != 0 { kill(-pid, forwardedSignal) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { break }
        }
        if forwardedSignal != 0 {
            // Compilers the script started may still be finishing: wait for the group.
            kill(-pid, SIGTERM)
            throw Stopped(signal: forwardedSignal)
        }
        let low = status & 0x7F
        return low == 0 ? (status >> 8) & 0xFF : 128 + low
    }
}
