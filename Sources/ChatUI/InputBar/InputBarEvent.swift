import SimCore
import Raster
import Interaction

/// What the bar tells the outside world. Every event is also a trace line (source
/// `inputBar`, or `keyboard` for keyboard notifications); the ones a screen must act
/// on (`didSend`, keyboard notifications, height changes) also go to the outbox.
public enum InputBarEvent: Hashable, Sendable, CustomStringConvertible {
    case becameFirstResponder
    case resignedFirstResponder
    /// The input view was swapped (reloadInputViews): the toggle's icon follows.
    case inputViewChanged(KeyboardKind)
    case keyboard(KeyboardNotification)
    /// The text or the selection changed: plain (backed) text and selection.
    case textChanged(text: String, selectionLocation: Int, selectionLength: Int)
    case sendEnabledChanged(Bool)
    /// The line count changed and the bar's height starts animating.
    case heightWillChange(from: Double, to: Double, lines: Int)
    /// The message to send, in server (placeholder) form, exactly once per send.
    case didSend(String)
    /// Key clicks the system would play for one action (the seeds ask for key clicks
    /// as events): one per key typed, one per emoji or delete key on the panel.
    case keyClick(count: Int)
    /// A UIControl event of a button (touchDown, touchDragExit, touchDragEnter,
    /// touchUpInside, touchUpOutside, touchCancel) with the finger's location.
    case control(InputBar.Button, ControlTracker.Event, at: Point)

    /// Whether a screen composing the bar needs it (the outbox filter).
    public var isOutbound: Bool {
        switch self {
        case .didSend, .keyboard, .heightWillChange, .becameFirstResponder, .resignedFirstResponder,
             .inputViewChanged: return true
        default: return false
        }
    }

    public var traceSource: String {
        if case .keyboard = self { return "keyboard" }
        return "inputBar"
    }

    public var traceName: String {
        switch self {
        case .becameFirstResponder: return "becameFirstResponder"
        case .resignedFirstResponder: return "resignedFirstResponder"
        case .inputViewChanged: return "inputViewChanged"
        case let .keyboard(n): return n.name.rawValue
        case .textChanged: return "textChanged"
        case .sendEnabledChanged: return "sendEnabledChanged"
        case .heightWillChange: return "heightWillChange"
        case .didSend: return "didSend"
        case .keyClick: return "keyClick"
        case let .control(_, event, _): return event.rawValue
        }
    }

    public var traceFields: [TraceEvent.Field] {
        switch self {
        case .becameFirstResponder, .resignedFirstResponder: return []
        case let .keyClick(count): return [.init("count", String(count))]
        case let .control(button, _, at): return [.init("control", button.rawValue), .init("at", at.description)]
        case let .inputViewChanged(kind): return [.init("keyboard", kind.rawValue)]
        case let .keyboard(n): return n.traceFields
        case let .textChanged(text, loc, len):
            return [.init("text", InputBarEvent.quote(text)), .init("selection", "\(loc)+\(len)")]
        case let .sendEnabledChanged(on): return [.init("enabled", on ? "true" : "false")]
        case let .heightWillChange(from, to, lines):
            return [.init("from", formatPoints(from)), .init("to", formatPoints(to)), .init("lines", String(lines))]
        case let .didSend(text): return [.init("text", InputBarEvent.quote(text))]
        }
    }

    public var description: String {
        traceName + traceFields.map { " \($0.key)=\($0.value)" }.joined()
    }

    /// Quotes text for a one-line trace field (control characters escaped, so a trace
    /// line never breaks); the same quoting as display-list dumps.
    static func quote(_ s: String) -> String { DisplayListDump.quote(s) }
}
