import Foundation

/// Where a series of runs comes from: this process's session, a child process (a
/// baseline's benchmark binary, or today's beside it) or a peer program.
protocol ProbeSource: AnyObject {
    /// Shown in tables: "today", "baseline 1a2b3c4d", "giflib".
    var name: String { get }
    var probes: [(key: String, label: String)] { get }
    var facts: [String: Double] { get }
    var notes: [String] { get }
    var peers: [PeerSpec] { get }
    /// One run of probe `index`; nil when it failed.
    func run(_ index: Int, slice: Double) -> Double?
    /// After the last round: the facts and notes as they stand now; ends a process.
    func finish()
}

/// The benchmark's own session, in this process.
final class LocalProbes: ProbeSource {
    let name: String
    let session: BenchSession

    init(name: String, session: BenchSession) {
        self.name = name
        self.session = session
    }

    var probes: [(key: String, label: String)] { session.probes.map { ($0.key, $0.label) } }
    var facts: [String: Double] { session.facts }
    var notes: [String] { session.notes }
    var peers: [PeerSpec] { session.peers }
    func run(_ index: Int, slice: Double) -> Double? { session.probes[index].run(slice) }
    func finish() { session.finish() }
}

/// A process speaking the probe protocol on its standard input and output, one line
/// each way (tab-separated fields):
///
///     server, at start:  probe KEY LABEL | fact KEY VALUE | note TEXT |
///                        peer NAME AFTER INSTALL ARG... (repeated), then `ready`
///     driver: run I SLICE   server: value SECONDS   (or `error TEXT`)
///     driver: finish        server: fact/note lines, then `end`, and exits
///
/// The children (`emojisim-bench --serve NAME`) and the peers in Tools/bench-peers speak
/// it; a child keeps its fixtures between runs, so setup is paid once, and the driver
/// interleaves its runs with everyone else's.
final class RemoteProbes: ProbeSource {
    let name: String
    private(set) var probes: [(key: String, label: String)] = []
    private(set) var facts: [String: Double] = [:]
    private(set) var notes: [String] = []
    private(set) var peers: [PeerSpec] = []
    private let process = Process()
    private let input: FileHandle
    private var reader: LineReader
    private var finished = false

    /// Starts `argv`; nil (with what it said) when it does not start or announce its probes.
    init?(name: String, argv: [String], environment: [String: String] = [:], failure: inout String) {
        self.name = name
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        input = stdin.fileHandleForWriting
        reader = LineReader(fd: stdout.fileHandleForReading.fileDescriptor)
        do { try process.run() } catch {
            failure = "cannot start \(argv[0]): \(error)"
            return nil
        }
        var said: [String] = []
        while true {
            guard let line = reader.next() else {
                process.waitUntilExit()
                failure = "\(argv[0]) ended (status \(process.terminationStatus)) before announcing its probes"
                    + (said.isEmpty ? "" : ": " + said.suffix(3).joined(separator: " / "))
                return nil
            }
            if line == "ready" { break }
            if !absorb(line) { said.append(line) }
        }
    }

    /// A header or finish line; false when it is none of those.
    private func absorb(_ line: String) -> Bool {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch f.first {
        case "probe" where f.count >= 3: probes.append((f[1], f[2]))
        case "fact" where f.count >= 3: if let v = Double(f[2]) { facts[f[1]] = v }
        case "note" where f.count >= 2: notes.append(f[1...].joined(separator: "\t"))
        case "peer" where f.count >= 5:
            peers.append(PeerSpec(name: f[1], argv: Array(f[4...]), after: f[2].isEmpty ? nil : f[2], install: f[3]))
        default: return false
        }
        return true
    }

    func run(_ index: Int, slice: Double) -> Double? {
        guard !finished, send("run \(index) \(slice)") else { return nil }
        while let line = reader.next() {
            if line.hasPrefix("value\t") { return Double(line.dropFirst(6)) }
            if line.hasPrefix("error") { return nil }
            _ = absorb(line)
        }
        finished = true
        return nil
    }

    func finish() {
        guard !finished else { return }
        finished = true
        facts = [:]
        notes = []
        if send("finish") {
            while let line = reader.next(), line != "end" { _ = absorb(line) }
        }
        try? input.close()
        process.waitUntilExit()
    }

    private func send(_ line: String) -> Bool {
        do { try input.write(contentsOf: Data((line + "\n").utf8)) } catch { return false }
        return true
    }

    /// Serves `benchmark` on standard input/output (the child side of the protocol).
    /// Everything the benchmark itself prints goes to standard error, so the protocol
    /// stays clean.
    static func serve(_ benchmark: Benchmark) -> Never {
        let out = dup(1)
        dup2(2, 1)
        func say(_ s: String) {
            var line = s + "\n"
            line.withUTF8 { buf in _ = write(out, buf.baseAddress, buf.count) }
        }
        func clean(_ s: String) -> String { s.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
        let session = benchmark.setup()
        func tell() {
            for (k, v) in session.facts.sorted(by: { $0.key < $1.key }) { say("fact\t\(k)\t\(v)") }
            for n in session.notes { say("note\t" + clean(n)) }
        }
        for p in session.probes { say("probe\t\(p.key)\t\(clean(p.label))") }
        for p in session.peers { say((["peer", p.name, p.after ?? "", clean(p.install)] + p.argv).joined(separator: "\t")) }
        tell()
        say("ready")
        while let line = readLine() {
            let f = line.split(separator: " ")
            if f.first == "run", f.count == 3, let i = Int(f[1]), let slice = Double(f[2]), session.probes.indices.contains(i) {
                say("value\t\(session.probes[i].run(slice))")
            } else if f.first == "finish" {
                tell()
                session.finish()
                say("end")
                exit(0)
            } else {
                say("error\tunknown command \(clean(line))")
            }
        }
        session.finish()
        exit(0)
    }
}

/// Lines from a file descriptor (a pipe), without Foundation's asynchronous reading.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32) { self.fd = fd }

    mutating func next() -> String? {
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<nl], as: UTF8.self)
                start = nl + 1
                if start > 65_536 { buffer.removeFirst(start); start = 0 }
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                if start < buffer.count {
                    let rest = String(decoding: buffer[start...], as: UTF8.self)
                    buffer = []; start = 0
                    return rest
                }
                return nil
            }
            buffer += chunk[0..<n]
        }
    }
}
