import SimCore
import Interaction

/// What the list tells its delegate, in the order it happened: the events
/// `BubbleList.send(_:at:)` returns. The host records each in its Trace under the source
/// `list` (`BubbleList.trace(_:at:)`) and performs the player starts and stops.
public enum BubbleListEvent: Hashable, Sendable, CustomStringConvertible {
    /// A new cell of a kind was created for `row` (the pool had none of that kind).
    case cellCreated(CellReuseIdentifier, serial: Int, row: Int)
    /// A pooled cell was dequeued (and prepared for reuse) for `row`.
    case cellReused(CellReuseIdentifier, serial: Int, row: Int)
    /// `tableView(_:willDisplay:forRowAt:)`: the row comes into the viewport.
    case willDisplay(row: Int, message: Message.ID)
    /// `tableView(_:didEndDisplaying:forRowAt:)`: the row left the viewport (or was reloaded).
    case didEndDisplaying(row: Int, message: Message.ID)
    /// The host must start (stop) the player of slot `slot` of cell `cell` (its serial),
    /// which plays `item`. Players belong to cells, not rows: on a reload the new
    /// cell's players start before the old cell's stop, both for the same row.
    case playerStarted(row: Int, code: String, cell: Int, slot: Int, item: BubbleLayout.AnimatedItem)
    /// The host must stop the player of slot `slot` of cell `cell`; see `playerStarted`.
    case playerStopped(row: Int, code: String, cell: Int, slot: Int, item: BubbleLayout.AnimatedItem)
    /// The "new messages" marker now counts `count` messages that arrived while the user
    /// was scrolled up; 0 when it is dismissed (the bottom was reached).
    case newMessagesMarker(count: Int)
    /// A memory warning purged cached layouts and decoded frames worth `purgedBytes`.
    case memoryWarning(purgedBytes: Int)
    /// The list's width changed; rows were re-laid out keeping `anchorRow` in place (the
    /// last row when the list was at the bottom).
    case widthChanged(anchorRow: Int)
    /// A scroll-view delegate moment, in UIKit's top-based coordinates.
    case scroll(ScrollEvent)

    /// The event's name in a trace line (`cellCreate`, `willDisplay`, a scroll event's own).
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

    /// The event's key-value fields in a trace line, in a fixed order.
    public var fields: [(String, String)] {
        switch self {
        case let .cellCreated(id, serial, row), let .cellReused(id, serial, row):
            return [("id", id.rawValue), ("cell", String(serial)), ("row", String(row))]
        case let .willDisplay(row, m), let .didEndDisplaying(row, m):
            return [("row", String(row)), ("message", m.description)]
        case let .playerStarted(row, code, cell, _, _), let .playerStopped(row, code, cell, _, _):
            return [("row", String(row)), ("code", code), ("cell", String(cell))]
        case let .newMessagesMarker(count): return [("count", String(count))]
        case let .memoryWarning(bytes): return [("purgedBytes", String(bytes))]
        case let .widthChanged(row): return [("anchorRow", String(row))]
        case let .scroll(e): return e.fields.map { ($0.key, $0.value) }
        }
    }

    /// The name followed by `key=value` fields, as a trace shows it.
    public var description: String {
        ([name] + fields.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
    }
}
