import SimCore

/// What UIKit posts around a keyboard frame change, with the `userInfo` it carries.
///
/// Order, as UIKit posts them: `willChangeFrame`, then `willShow` or `willHide`; when
/// the animation arrives, `didChangeFrame`, then `didShow` or `didHide`. A switch
/// between the system and the emoji keyboard (reloadInputViews while first responder)
/// is a show: `willShow` with the old keyboard's frame as begin and the new one's as
/// end (their heights differ).
public struct KeyboardNotification: Hashable, Sendable, CustomStringConvertible {
    /// Which notification: UIKit's `UIKeyboard…Notification` names without the prefix.
    public enum Name: String, Hashable, Sendable {
        /// `UIKeyboardWillChangeFrameNotification`: first, for every change.
        case willChangeFrame
        /// `UIKeyboardWillShowNotification`: a show, a switch or a resize of a shown keyboard.
        case willShow
        /// `UIKeyboardWillHideNotification`.
        case willHide
        /// `UIKeyboardDidChangeFrameNotification`: the animation arrived.
        case didChangeFrame
        /// `UIKeyboardDidShowNotification`.
        case didShow
        /// `UIKeyboardDidHideNotification`.
        case didHide
    }

    /// Which notification this is.
    public var name: Name
    /// `UIKeyboardFrameBeginUserInfoKey`, screen coordinates.
    public var beginFrame: Rect
    /// `UIKeyboardFrameEndUserInfoKey`, screen coordinates.
    public var endFrame: Rect
    /// `UIKeyboardAnimationDurationUserInfoKey`.
    public var duration: SimDuration
    /// `UIKeyboardAnimationCurveUserInfoKey` (7 for keyboards).
    public var curve: Int
    /// The keyboard before the change (not in UIKit's userInfo, nor is `toKind`; they help
    /// a screen tell a switch from a show).
    public var fromKind: KeyboardKind
    /// The keyboard after the change (`.none` for a hide).
    public var toKind: KeyboardKind

    /// Creates a notification; each parameter sets the property of the same name.
    ///
    /// - Parameters:
    ///   - name: Which notification.
    ///   - beginFrame: The frame before, in screen coordinates.
    ///   - endFrame: The frame after, in screen coordinates.
    ///   - duration: The animation's length.
    ///   - curve: The animation curve code.
    ///   - fromKind: The keyboard before.
    ///   - toKind: The keyboard after.
    public init(name: Name, beginFrame: Rect, endFrame: Rect, duration: SimDuration, curve: Int,
                fromKind: KeyboardKind, toKind: KeyboardKind) {
        self.name = name; self.beginFrame = beginFrame; self.endFrame = endFrame
        self.duration = duration; self.curve = curve; self.fromKind = fromKind; self.toKind = toKind
    }

    /// Fields for a trace line: `from=system to=emoji begin=[..] end=[..] duration=0.250s curve=7`.
    public var traceFields: [TraceEvent.Field] {
        [.init("from", fromKind.rawValue), .init("to", toKind.rawValue),
         .init("begin", beginFrame.description), .init("end", endFrame.description),
         .init("duration", duration.description), .init("curve", String(curve))]
    }

    /// The name followed by the trace fields, as a trace line shows it.
    public var description: String {
        name.rawValue + traceFields.map { " \($0.key)=\($0.value)" }.joined()
    }
}
