import SimCore
import Interaction

/// What the list tells its delegate, in the order it happened. Each one is also
/// recorded in the shared Trace under the source `list`.
public enum BubbleListEvent: Hashable, Sendable, CustomStringConvertible {
    case cellCreated(CellReuseIdentifier, serial: Int, row: Int)
    case cellReused(CellReuseIdentifier, serial: Int, row: Int)
    case willDisplay(row: Int, message: Message.ID)
    case didEndDisplaying(row: Int, message: Message.ID)
    /// A GIF player of cell `cell` (its serial) started or stopped. Players belong to
    /// cells, not rows: on a reload the new cell's players start before the old
    /// cell's stop, both for the same row.
    case playerStarted(row: Int, code: String, cell: Int)
    case playerStopped(row: Int, code: String, cell: Int)
    case newMessagesMarker(count: Int)
    case memoryWarning(purgedBytes: Int)
    case widthChanged(anchorRow: Int)
    /// A scroll-view delegate moment, in UIKit's top-based coordinates.
    case scroll(ScrollEvent)

    public var name: String {
        switch self {
        case .cellCreated: return "cellCreate"
        case .cellReused: return "cellReuse"
        case .willDisplay: return "willDisplay"
        case .didEndDisplaying: return "didEndDisplaying"
        case .playerStarted: return "playerStart"
        case .playerStopped: return "playerStop"
        case .newMessagesMarker: return "newMessagesMarker"
        case .memoryWarning: return "memoryWarning"
        case .widthChanged: return "widthChanged"
        case .scroll(let e): return e.name
        }
    }

    public var fields: [(String, String)] {
        switch self {
        case let .cellCreated(id, serial, row), let .cellReused(id, serial, row):
            return [("id", id.rawValue), ("cell", String(serial)), ("row", String(row))]
        case let .willDisplay(row, m), let .didEndDisplaying(row, m):
            return [("row", String(row)), ("message", m.description)]
        case let .playerStarted(row, code, cell), let .playerStopped(row, code, cell):
            return [("row", String(row)), ("code", code), ("cell", String(cell))]
        case let .newMessagesMarker(count): return [("count", String(count))]
        case let .memoryWarning(bytes): return [("purgedBytes", String(bytes))]
        case let .widthChanged(row): return [("anchorRow", String(row))]
        case let .scroll(e): return e.fields.map { ($0.key, $0.value) }
        }
    }

    public var description: String {
        ([name] + fields.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
    }
}
