import Raster
import ChatUI
import Scenario

// Exports the browser playground (Tools/playground) needs beyond the core ABI.

/// Legend codes per open screen: `emojisim run` shares one table across all the text
/// snapshots of a run (an emoji keeps its code from its first appearance), so the page's
/// text snapshots of one session must share one too to equal the native files byte for byte.
nonisolated(unsafe) var playgroundCodes: [Int32: LegendCodes] = [:]

extension CoreABI {
    /// The text snapshot (format 0 ascii or 1 styled) of `subject` with the screen's shared
    /// legend-code table, which it updates, exactly as `emojisim run` renders a run's
    /// snapshots in order. Cost: one CharGrid render.
    public static func codedText(_ handle: Int32, subject: Int, format: Int, in state: State) throws(Failure) -> [UInt8] {
        let s = try session(handle, in: state)
        let subjects = SnapshotSubject.allCases
        guard subject >= 0, subject < subjects.count else {
            throw Failure(.badArgument, "snapshot: subject \(subject) is not 0..<\(subjects.count)")
        }
        guard format == 0 || format == 1 else { throw Failure(.badArgument, "coded text: format \(format) is not 0 (ascii) or 1 (styled)") }
        guard let list = s.screen.displayList(of: subjects[subject]) else {
            throw Failure(.badArgument, "snapshot: the \(subjects[subject].rawValue) is not on screen")
        }
        let grid = CharGrid(list, options: format == 0 ? .unicode : .styled, codes: playgroundCodes[handle] ?? LegendCodes())
        playgroundCodes[handle] = grid.codes
        return Array(grid.text.utf8)
    }
}

/// Like `esim_screen_snapshot` for the text formats (0 ascii, 1 styled), with the legend
/// codes shared across the screen's snapshots (see `CoreABI.codedText`).
@_cdecl("esim_screen_snapshot_coded")
public func esim_screen_snapshot_coded(_ handle: Int32, _ subject: Int32, _ format: Int32) -> Int32 {
    abiCall { () throws(CoreABI.Failure) in
        abiState.output = try CoreABI.codedText(handle, subject: Int(subject), format: Int(format), in: abiState)
        return 0
    }
}

/// Forgets the screen's legend codes (the page calls it when it opens a fresh screen).
@_cdecl("esim_screen_codes_reset")
public func esim_screen_codes_reset(_ handle: Int32) -> Int32 {
    playgroundCodes[handle] = nil
    return 0
}
