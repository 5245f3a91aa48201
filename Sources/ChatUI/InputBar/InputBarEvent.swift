import SimCore
import Raster
import Interaction

/// What the bar tells the outside world: every effect of a transition, returned by
/// `InputBar.reduce` in order. The host records each as a trace line
/// (`InputBar.trace(_:at:)`: source `inputBar`, or `keyboard` for keyboard notifications) and
/// acts on the ones a screen needs (`isOutbound`: `didSend`, keyboard notifications,
/// height and responder changes).
public enum InputBarEvent: Hashable, Sendable, CustomStringConvertible {
    /// The text view became first responder (a tap on it or on the toggle); a keyboard
    /// is coming.
    case becameFirstResponder
    /// The text view resigned (a tap outside, or a send without `keepsKeyboardOnSend`);
    /// the keyboard goes away and the toggle shows the emoji icon again.
    case resignedFirstResponder
    /// The input view was swapped (reloadInputViews): the toggle's icon follows.
    case inputViewChanged(KeyboardKind)
    /// A keyboard notification (`keyboardWillShow`, `keyboardDidShow`, `…WillHide`,
    /// `…DidHide`, `…WillChangeFrame`, …) with its frames, curve and duration, in
    /// UIKit's order; the did* of an animation is posted at the first action at or after
    /// its end. Traced with source `keyboard`.
    case keyboard(KeyboardNotification)
    /// The text or the selection changed: plain (backed) text and selection.
    case textChanged(text: String, selectionLocation: Int, selectionLength: Int)
    /// The send button became enabled (true) or disabled: the text turned sendable or
    /// stopped being so.
    case sendEnabledChanged(Bool)
    /// The maximum length cut an insert (typing, a paste, a committed composition) or
    /// refused an emoji that did not fit whole: `limit` is the maximum, `length` the
    /// text's length after the insert, both in the configured measure.
    case textTruncated(limit: Int, length: Int)
    /// The line count changed and the bar's height starts animating.
    case heightWillChange(from: Double, to: Double, lines: Int)
    /// The message to send, in server (placeholder) form, exactly once per send.
    case didSend(String)
    /// Key clicks the system keyboard plays for one action (the seeds ask for key
    /// clicks as events): one per key typed, backspace or return. Keys of the emoji
    /// panel click through the panel's own `PanelEvent.inputClick` (traced `screen
    /// inputClick`), so every tap clicks once.
    case keyClick(count: Int)
    /// A UIControl event of a button (touchDown, touchDragExit, touchDragEnter,
    /// touchUpInside, touchUpOutside, touchCancel) with the finger's location.
    case control(InputBar.Button, ControlTracker.Event, at: Point)
    /// A touch down the bar did not take (screen coordinates) and why.
    case touchIgnored(at: Point, reason: TouchIgnoredReason)
    /// The loupe appeared under a finger held still on the text view (screen
    /// coordinates), with the caret boundary it put the caret at.
    case loupeShown(at: Point, caret: Int)
    /// The finger dragging the loupe moved the caret to another boundary.
    case loupeMoved(at: Point, caret: Int)
    /// The finger lifted (or was cancelled): the loupe is gone, the caret stays.
    case loupeHidden(caret: Int)
    /// A finger that went down on a selection handle started moving it.
    case handleDragBegan(SelectionHandleEnd, at: Point)
    /// The handle's finger lifted: the selection it left.
    case handleDragEnded(SelectionHandleEnd, selectionLocation: Int, selectionLength: Int)

    /// Why a touch down did not reach the bar.
    public enum TouchIgnoredReason: String, Hashable, Sendable {
        /// The bar moves and does not allow user interaction while animating.
        case animating
        /// The send button is disabled: it takes the touch and does nothing.
        case sendDisabled = "send disabled"
    }

    /// Whether a screen composing the bar needs it (the outbox filter).
    public var isOutbound: Bool {
        switch self {
        case .didSend, .keyboard, .heightWillChange, .becameFirstResponder, .resignedFirstResponder,
             .inputViewChanged: return true
        default: return false
        }
    }

    /// The trace line's source: `keyboard` for keyboard notifications (as the screen's
    /// keyboard observer would log them), `inputBar` for everything else.
    public var traceSource: String {
        if case .keyboard = self { return "keyboard" }
        return "inputBar"
    }

    /// The trace line's event name: the case's name, except keyboard notifications
    /// (their own name, `keyboardWillShow`) and control events (the UIControl event,
    /// `touchUpInside`), which read as UIKit names them.
    public var traceName: String {
        switch self {
        case .becameFirstResponder: return "becameFirstResponder"
        case .resignedFirstResponder: return "resignedFirstResponder"
        case .inputViewChanged: return "inputViewChanged"
        case let .keyboard(n): return n.name.rawValue
        case .textChanged: return "textChanged"
        case .sendEnabledChanged: return "sendEnabledChanged"
        case .textTruncated: return "textTruncated"
        case .heightWillChange: return "heightWillChange"
        case .didSend: return "didSend"
        case .keyClick: return "keyClick"
        case let .control(_, event, _): return event.rawValue
        case .touchIgnored: return "touchIgnored"
        case .loupeShown: return "loupeShown"
        case .loupeMoved: return "loupeMoved"
        case .loupeHidden: return "loupeHidden"
        case .handleDragBegan: return "handleDragBegan"
        case .handleDragEnded: return "handleDragEnded"
        }
    }

    /// The trace line's `key=value` fields, in a fixed order; texts are quoted on one
    /// line and bounded (whole up to 1,024 bytes, else both ends), so a field never
    /// breaks the line and a long text does not make typing's trace quadratic.
    public var traceFields: [TraceEvent.Field] {
        switch self {
        case .becameFirstResponder, .resignedFirstResponder: return []
        case let .keyClick(count): return [.init("count", String(count))]
        case let .control(button, _, at): return [.init("control", button.rawValue), .init("at", at.description)]
        case let .inputViewChanged(kind): return [.init("keyboard", kind.rawValue)]
        case let .keyboard(n): return n.traceFields
        case let .textChanged(text, loc, len):
            return [.init("text", InputBarEvent.quoteBounded(text)), .init("selection", "\(loc)+\(len)")]
        case let .sendEnabledChanged(on): return [.init("enabled", on ? "true" : "false")]
        case let .textTruncated(limit, length): return [.init("limit", String(limit)), .init("length", String(length))]
        case let .heightWillChange(from, to, lines):
            return [.init("from", formatPoints(from)), .init("to", formatPoints(to)), .init("lines", String(lines))]
        case let .didSend(text): return [.init("text", InputBarEvent.quoteBounded(text))]
        case let .touchIgnored(at, reason):
            // Quoted when it has a space (`reason="send disabled"`), so the line splits on spaces.
            let r = reason.rawValue
            return [.init("at", at.description), .init("reason", r.unicodeScalars.contains(" ") ? quotedLiteral(r) : r)]
        case let .loupeShown(at, caret), let .loupeMoved(at, caret):
            return [.init("at", at.description), .init("caret", String(caret))]
        case let .loupeHidden(caret): return [.init("caret", String(caret))]
        case let .handleDragBegan(end, at): return [.init("handle", end.rawValue), .init("at", at.description)]
        case let .handleDragEnded(end, loc, len):
            return [.init("handle", end.rawValue), .init("selection", String(loc) + "+" + String(len))]
        }
    }

    /// The trace line without time and source: `textChanged text="hi" selection=2+0`.
    public var description: String {
        traceName + traceFields.map { " \($0.key)=\($0.value)" }.joined()
    }

    /// Quotes text for a one-line trace field (control characters escaped, so a trace
    /// line never breaks); the same quoting as display-list dumps.
    static func quote(_ s: String) -> String { DisplayListDump.quote(s) }

    /// `quote(s)` bounded for long texts (SimCore's `boundedQuotedLiteral`: whole up to
    /// 1,024 bytes, else both ends around `..N..`), O(1) in the text's length, so typing
    /// into a long text does not make the trace quadratic. (`expect input` reads the
    /// text itself, not the trace.)
    static func quoteBounded(_ s: String) -> String { boundedQuotedLiteral(s) }
}
