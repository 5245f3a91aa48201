import Scenario

// The WASI command entry of emojisim-core.wasm (wasm build only): what `wasmkit run`
// executes. It reads records from stdin and answers on stdout, through the same
// CoreABI functions the C exports use:
//
//     font <name> <length>\n<bytes>        loads the bitmap font
//     image <name> <length>\n<bytes>       registers an image
//     sequence <name> <length>\n<frames>  registers an image sequence (frame names, one a line)
//     catalog <name> <length>\n<bytes>     loads a catalog (CatalogText)
//     script <name> <length>\n<bytes>      runs a whole script, prints its report
//     bench <workload> <length>\n<spec>    runs a bench ("FRAMES WARMUP cpu|wall", CoreABI.runBench),
//                                          timing each frame with the host's clock
//                                          (emojisim-bench.wasm only: the core module has none)
//
// A malformed record ends the run with a message on stderr and exit status 2.

@_extern(c, "esim_rt_read") func rtRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ cap: Int) -> Int
@_extern(c, "esim_rt_write") func rtWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ len: Int) -> Int32
// `Never` cannot cross a C boundary: the C side is _Noreturn; the Swift side traps after
// it so the type checker knows control never comes back.
@_extern(c, "esim_rt_exit") func rtExitC(_ code: Int32)
func rtExit(_ code: Int32) -> Never {
    rtExitC(code)
    fatalError("esim_rt_exit returned")
}
@_extern(c, "esim_rt_memory_bytes") func rtMemoryBytes() -> Int
/// The host's nanoseconds (WASI clock_time_get): the thread's CPU time (cpu != 0) or
/// monotonic time; -1 in emojisim-core.wasm, which has no clock.
@_extern(c, "esim_rt_clock_ns") func rtClockNs(_ cpu: Int32) -> Int64

/// The size of linear memory now (the ABI checks host ranges against it).
func wasmMemoryBytes() -> Int { rtMemoryBytes() }

func write(_ fd: Int32, _ s: String) {
    let bytes = Array(s.utf8)
    _ = bytes.withUnsafeBytes { rtWrite(fd, $0.baseAddress!, $0.count) }
}

func readAll() -> [UInt8] {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while out.count <= CoreABI.maxBufferBytes * 4 {
        let n = chunk.withUnsafeMutableBytes { rtRead(0, $0.baseAddress!, $0.count) }
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

func fail(_ message: String) -> Never {
    write(2, "emojisim-core: " + message + "\n")
    rtExit(2)
}

/// The WASI entry point: answers the records on stdin (see above) until end of input,
/// then exits with status 0. A malformed record exits with status 2; a record the core
/// refuses is answered with an `error` line and the run goes on.
@_cdecl("_start")
public func start() {
    let input = readAll()
    var i = 0
    while i < input.count {
        guard let nl = input[i...].firstIndex(of: 10) else { fail("record header without a newline at byte \(i)") }
        let header = String(decoding: input[i..<nl], as: UTF8.self).split(separator: " ").map { String($0) }
        guard header.count == 3, let len = Int(header[2]), len >= 0, len <= input.count - (nl + 1) else {
            fail("bad record header at byte \(i)")
        }
        let body = Array(input[(nl + 1)..<(nl + 1 + len)])
        i = nl + 1 + len
        do throws(CoreABI.Failure) {
            switch header[0] {
            case "font": try CoreABI.loadFont(body, into: abiState)
            case "image": try CoreABI.registerImage(header[1], body, into: abiState)
            case "sequence":
                try CoreABI.registerSequence(header[1], frames: String(decoding: body, as: UTF8.self), into: abiState)
            case "catalog":
                if let bad = firstInvalidUTF8(body) { fail("catalog: invalid UTF-8 at byte offset \(bad)") }
                try CoreABI.loadCatalog(String(decoding: body, as: UTF8.self), into: abiState)
            case "script":
                if let bad = firstInvalidUTF8(body) { fail("\(header[1]): invalid UTF-8 at byte offset \(bad)") }
                write(1, try CoreABI.runScript(String(decoding: body, as: UTF8.self), name: header[1], in: abiState))
            case "bench":
                guard rtClockNs(0) >= 0 else {
                    throw CoreABI.Failure(.unsupported, "bench: this module has no clock; run emojisim-bench.wasm (Tools/wasm/build.sh links both)")
                }
                write(1, try CoreABI.runBench(header[1], spec: String(decoding: body, as: UTF8.self),
                                              clock: { rtClockNs($0 == .cpu ? 1 : 0) }, in: abiState))
            default: fail("unknown record kind \(header[0]) at byte \(i)")
            }
        } catch {
            write(1, "error \(header[1]) \(error.status.rawValue) \(error.message)\n")
        }
    }
    rtExit(0)
}
