import Scenario

// The C ABI of emojisim-core.wasm. Every function validates its pointers, lengths,
// handles and text before use and returns a status (`CoreABI.Status`: 0 success,
// negative error) instead of trapping; the message of a failure is read with
// `esim_error_ptr` / `esim_error_len`, and the bytes a call produces (a snapshot, a
// trace, a report) with `esim_output_ptr` / `esim_output_len`, valid until the next call.
//
// Memory: the host allocates its input buffers with `esim_alloc` and frees them with
// `esim_free`; the core never keeps a host pointer past the call.

nonisolated(unsafe) let abiState = CoreABI.State()

/// Copies `len` bytes at `ptr` after checking them: a null pointer only with length 0,
/// a length in 0...maxBufferBytes.
func hostBytes(_ ptr: UnsafeRawPointer?, _ len: Int32, _ what: String) throws(CoreABI.Failure) -> [UInt8] {
    guard len >= 0, Int(len) <= CoreABI.maxBufferBytes else {
        throw CoreABI.Failure(.badArgument, "\(what): length \(len) is outside 0...\(CoreABI.maxBufferBytes)")
    }
    if len == 0 { return [] }
    guard let ptr else { throw CoreABI.Failure(.badArgument, "\(what): null pointer with length \(len)") }
    #if arch(wasm32)
    // A range past the end of linear memory would trap on the first read: refuse it.
    // Compared without adding, since `start + len` wraps for a start near 4 GiB (a host's
    // -1 as a pointer) and the overflow would trap.
    let start = UInt(bitPattern: Int(bitPattern: ptr)), memory = UInt(wasmMemoryBytes())
    guard UInt(len) <= memory, start <= memory - UInt(len) else {
        throw CoreABI.Failure(.badArgument, "\(what): \(len) bytes at \(Int(bitPattern: ptr)) run past the end of memory (\(wasmMemoryBytes()) bytes)")
    }
    #endif
    return Array(UnsafeRawBufferPointer(start: ptr, count: Int(len)))
}

/// `hostBytes` as UTF-8 text, refusing malformed UTF-8 (with the offset of the first bad byte).
func hostText(_ ptr: UnsafeRawPointer?, _ len: Int32, _ what: String) throws(CoreABI.Failure) -> String {
    let bytes = try hostBytes(ptr, len, what)
    if let bad = firstInvalidUTF8(bytes) {
        throw CoreABI.Failure(.badUTF8, "\(what): invalid UTF-8 at byte offset \(bad)")
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The offset of the first byte that does not start or continue a well-formed UTF-8
/// scalar (overlong forms, surrogates and values over U+10FFFF are malformed), or nil.
func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
    var i = 0
    while i < b.count {
        let c = b[i]
        if c < 0x80 { i += 1; continue }
        var need = 0, lo: UInt8 = 0x80, hi: UInt8 = 0xBF
        switch c {
        case 0xC2...0xDF: need = 1
        case 0xE0: need = 2; lo = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: need = 2
        case 0xED: need = 2; hi = 0x9F
        case 0xF0: need = 3; lo = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4: need = 3; hi = 0x8F
        default: return i
        }
        guard i + need < b.count else { return i }
        for k in 1...need {
            let x = b[i + k]
            if k == 1 ? (x < lo || x > hi) : (x < 0x80 || x > 0xBF) { return i }
        }
        i += need + 1
    }
    return nil
}

/// Runs one ABI call: clears the error, maps a failure to its status and message.
///
/// A call that traps (memory exhausted, a bug) never returns here, and a WebAssembly
/// instance still answers the host afterwards, over state the trap left half-changed
/// (issue 47, item 17). So a call marks the state busy until it returns: a call that
/// finds it busy knows an earlier one trapped, and every call from then on is refused
/// with `.instanceFailed` (no export calls another, so busy never means nesting).
func abiCall(_ body: () throws(CoreABI.Failure) -> Int32) -> Int32 {
    if abiState.callInProgress {
        abiState.error = Array(CoreABI.instanceFailedMessage.utf8)
        return CoreABI.Status.instanceFailed.rawValue
    }
    abiState.callInProgress = true
    defer { abiState.callInProgress = false }
    abiState.error = []
    do throws(CoreABI.Failure) {
        return try body()
    } catch {
        abiState.error = Array(error.message.utf8)
        return error.status.rawValue
    }
}

// MARK: memory

/// A buffer of `size` bytes (1...64 MiB) for the host to fill, or null.
///
/// - Parameter size: The byte count, 1 to 64 MiB.
/// - Returns: A 16-byte-aligned buffer the host owns, or null for a size out of range.
@_cdecl("esim_alloc")
public func esim_alloc(_ size: Int32) -> UnsafeMutableRawPointer? {
    guard size > 0, Int(size) <= CoreABI.maxBufferBytes, !abiState.callInProgress else { return nil }
    let p = UnsafeMutableRawPointer.allocate(byteCount: Int(size), alignment: 16)
    abiState.hostBuffers.insert(Int(bitPattern: p))
    return p
}

/// Frees a buffer from `esim_alloc`. Anything else (null, a buffer already freed, a
/// pointer `esim_alloc` did not return) is refused, not freed: the allocator would
/// abort the instance on it (a double free or a wild pointer found by
/// Tools/wasm/fuzz-abi.mjs). The error and output buffers are left as they are, so a
/// host may free its arguments before reading a call's message.
///
/// - Parameter ptr: The buffer.
/// - Returns: 0 when freed, `-1` when `ptr` is not a live `esim_alloc` buffer, `-10`
///   after a trap (see `abiCall`).
/// - Complexity: O(1) on average.
@_cdecl("esim_free")
public func esim_free(_ ptr: UnsafeMutableRawPointer?) -> Int32 {
    if abiState.callInProgress { return CoreABI.Status.instanceFailed.rawValue }
    guard let ptr, abiState.hostBuffers.remove(Int(bitPattern: ptr)) != nil else { return CoreABI.Status.badArgument.rawValue }
    // The allocator traps on a header the host overwrote: busy until it returns (`abiCall`).
    abiState.callInProgress = true
    ptr.deallocate()
    abiState.callInProgress = false
    return 0
}

/// The start of the output buffer: the bytes the last successful call produced.
///
/// - Returns: The pointer, valid until the next call; null when the output is empty.
@_cdecl("esim_output_ptr")
public func esim_output_ptr() -> UnsafeRawPointer? { abiState.output.withUnsafeBytes { $0.baseAddress } }

/// The length of the output buffer.
///
/// - Returns: The byte count of the last call's output.
@_cdecl("esim_output_len")
public func esim_output_len() -> Int32 { Int32(truncatingIfNeeded: abiState.output.count) }

/// The start of the error buffer: the UTF-8 message of the last failed call.
///
/// - Returns: The pointer, valid until the next call; null after a success.
@_cdecl("esim_error_ptr")
public func esim_error_ptr() -> UnsafeRawPointer? { abiState.error.withUnsafeBytes { $0.baseAddress } }

/// The length of the error buffer.
///
/// - Returns: The byte count of the last failure's message; 0 after a success.
@_cdecl("esim_error_len")
public func esim_error_len() -> Int32 { Int32(truncatingIfNeeded: abiState.error.count) }

// MARK: assets

/// Loads the bitmap font (GNU Unifont .hex text) pixel snapshots draw text with.
///
/// - Parameters:
///   - ptr: The `.hex` text.
///   - len: Its length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status`` (`-1` bad buffer, `-6` malformed font).
@_cdecl("esim_font_load")
public func esim_font_load(_ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.loadFont(try hostBytes(ptr, len, "font"), into: abiState)
        return 0
    }
}

/// Loads the catalog (CatalogText) that scripts naming a non-demo catalog use.
///
/// - Parameters:
///   - ptr: The catalog text (UTF-8).
///   - len: Its length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_catalog_load")
public func esim_catalog_load(_ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.loadCatalog(try hostText(ptr, len, "catalog"), into: abiState)
        return 0
    }
}

/// Registers image bytes (PNG, APNG, GIF, PPM) under a resource name (`f056.gif`), for
/// the screens created afterwards. Decoding is lazy: a bad file fails when drawn.
///
/// - Parameters:
///   - name: The resource name (UTF-8).
///   - nameLen: Its length, 1 to 255 bytes.
///   - bytes: The image file.
///   - bytesLen: Its length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_image_register")
public func esim_image_register(_ name: UnsafeRawPointer?, _ nameLen: Int32,
                                _ bytes: UnsafeRawPointer?, _ bytesLen: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        let n = try hostText(name, nameLen, "image name")
        try CoreABI.registerImage(n, try hostBytes(bytes, bytesLen, "image \(n)"), into: abiState)
        return 0
    }
}

/// Registers an image sequence: its name and its frame names, one a line.
///
/// - Parameters:
///   - name: The sequence's resource name (UTF-8).
///   - nameLen: Its length, 1 to 255 bytes.
///   - frames: The frame names, one a line (UTF-8).
///   - framesLen: Their length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_sequence_register")
public func esim_sequence_register(_ name: UnsafeRawPointer?, _ nameLen: Int32,
                                   _ frames: UnsafeRawPointer?, _ framesLen: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        let n = try hostText(name, nameLen, "sequence name")
        try CoreABI.registerSequence(n, frames: try hostText(frames, framesLen, "sequence \(n)"), into: abiState)
        return 0
    }
}

// MARK: screens

/// Opens a screen from setup text (script setup lines). Returns a handle >= 1, or a status < 0.
///
/// - Parameters:
///   - ptr: The setup text (UTF-8).
///   - len: Its length in bytes.
/// - Returns: The handle (1 or more), or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_create")
public func esim_screen_create(_ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.createScreen(setup: try hostText(ptr, len, "setup"), into: abiState)
    }
}

/// Closes a screen (and its bench), freeing its model.
///
/// - Parameter handle: The screen's handle.
/// - Returns: 0, or `-5` when no open screen has the handle.
@_cdecl("esim_screen_close")
public func esim_screen_close(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.closeScreen(handle, in: abiState)
        return 0
    }
}

/// Runs script lines (actions, expectations, snapshots) on a screen.
///
/// - Parameters:
///   - handle: The screen's handle.
///   - ptr: The lines (UTF-8).
///   - len: Their length in bytes.
/// - Returns: 0, or a negative ``CoreABI/Status`` (`-4` at the first line refused; the
///   message names it).
@_cdecl("esim_screen_run")
public func esim_screen_run(_ handle: Int32, _ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.run(try hostText(ptr, len, "lines"), on: handle, in: abiState)
        return 0
    }
}

/// Advances the screen's virtual clock by `milliseconds`.
///
/// - Parameters:
///   - handle: The screen's handle.
///   - milliseconds: 0 to 3,600,000.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_advance")
public func esim_screen_advance(_ handle: Int32, _ milliseconds: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.advance(handle, milliseconds: Int(milliseconds), in: abiState)
        return 0
    }
}

/// Delivers a touch (phase 0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled) at a
/// point in screen points, at the clock's current instant.
///
/// - Parameters:
///   - handle: The screen's handle.
///   - id: The finger, 0 to 1,000,000.
///   - phase: The phase code.
///   - x: The x coordinate, finite and on screen.
///   - y: The y coordinate, finite and on screen.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_touch")
public func esim_screen_touch(_ handle: Int32, _ id: Int32, _ phase: Int32, _ x: Double, _ y: Double) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.touch(handle, id: Int(id), phase: Int(phase), x: x, y: y, in: abiState)
        return 0
    }
}

/// Renders a snapshot into the output buffer. Subject: 0 screen, 1 panel, 2 input,
/// 3 list; format: 0 ascii, 1 styled, 2 png, 3 ppm, 4 tree (Script.SnapshotFormat order),
/// 5 raw RGBA8 pixels at the device scale.
///
/// - Parameters:
///   - handle: The screen's handle.
///   - subject: The subject code.
///   - format: The format code.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_screen_snapshot")
public func esim_screen_snapshot(_ handle: Int32, _ subject: Int32, _ format: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = try CoreABI.snapshot(handle, subject: Int(subject), format: Int(format), in: abiState)
        return 0
    }
}

/// The screen's trace (one event a line) into the output buffer.
///
/// - Parameter handle: The screen's handle.
/// - Returns: 0, or `-5` when no open screen has the handle.
@_cdecl("esim_screen_trace")
public func esim_screen_trace(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = Array(try CoreABI.trace(handle, in: abiState).utf8)
        return 0
    }
}

/// The report of what ran on the screen (expectations, snapshot hashes, trace) into the output buffer.
///
/// - Parameter handle: The screen's handle.
/// - Returns: 0, or `-5` when no open screen has the handle.
@_cdecl("esim_screen_report")
public func esim_screen_report(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = Array(try CoreABI.report(handle, in: abiState).utf8)
        return 0
    }
}

/// Runs a whole script (setup and commands) and puts its report
/// in the output buffer. `name` is the file name messages use.
///
/// - Parameters:
///   - name: The script's name (UTF-8).
///   - nameLen: Its length in bytes.
///   - ptr: The script (UTF-8).
///   - len: Its length in bytes.
/// - Returns: 0 (a failing script still reports), or a negative ``CoreABI/Status`` for
///   bad buffers, parse errors or an unloaded catalog.
@_cdecl("esim_run_script")
public func esim_run_script(_ name: UnsafeRawPointer?, _ nameLen: Int32, _ ptr: UnsafeRawPointer?, _ len: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        let n = try hostText(name, nameLen, "script name")
        abiState.output = Array(try CoreABI.runScript(try hostText(ptr, len, "script"), name: n, in: abiState).utf8)
        return 0
    }
}

// MARK: bench (Tools/wasm/bench.sh)

/// Opens a bench screen for a workload (0 panel fling, 1 screen render; see
/// `CoreABI.BenchWorkload`). Returns its handle >= 1 (close it with `esim_screen_close`).
///
/// - Parameter workload: The workload code.
/// - Returns: The handle (1 or more), or a negative ``CoreABI/Status``.
@_cdecl("esim_bench_open")
public func esim_bench_open(_ workload: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in try CoreABI.benchOpen(Int(workload), in: abiState) }
}

/// Runs one frame of the bench: the host times this call.
///
/// - Parameter handle: The bench's handle.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_bench_frame")
public func esim_bench_frame(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        try CoreABI.benchFrame(handle, in: abiState)
        return 0
    }
}

/// The bench's summary line (frames, checksum, ...) into the output buffer.
///
/// - Parameter handle: The bench's handle.
/// - Returns: 0, or a negative ``CoreABI/Status``.
@_cdecl("esim_bench_summary")
public func esim_bench_summary(_ handle: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = Array(try CoreABI.benchSummary(handle, in: abiState).utf8)
        return 0
    }
}
