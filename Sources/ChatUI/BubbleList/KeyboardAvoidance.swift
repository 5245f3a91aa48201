/// The rule for the list when its visible height changes under a keyboard (show,
/// switch between system and emoji keyboards, hide) or a growing input bar, applied at
/// every animation frame.
///
/// The list's bottom edge follows the keyboard's top and the content at that edge
/// stays put: the distance from the content's bottom is kept, clamped into the new
/// scrollable range. So a list at the bottom stays at the bottom, and a message in view
/// stays in view (it could only leave through the top if the content were shorter than
/// the viewport, and then the clamp keeps the whole content on screen). In UIKit's
/// top-based terms the offset moves by the height lost: `offset(current:...)`.
public enum KeyboardAvoidance {
    /// The distance of the visible bottom from the content bottom after the change.
    ///
    /// - Parameters:
    ///   - current: The distance before the change.
    ///   - newHeight: The viewport's new height.
    ///   - contentHeight: The content's height.
    /// - Returns: `current`, clamped into the new scrollable range.
    public static func distanceFromBottom(current: Double, newHeight: Double, contentHeight: Double) -> Double {
        min(max(current, 0), max(0, contentHeight - newHeight))
    }

    /// The same rule for a top-based content offset (UIKit's `contentOffset.y`), for
    /// content at least as tall as the viewport.
    ///
    /// - Parameters:
    ///   - current: The offset before the change.
    ///   - oldHeight: The viewport's old height.
    ///   - newHeight: The viewport's new height.
    ///   - contentHeight: The content's height.
    /// - Returns: The offset moved by the height lost, clamped to `0...contentHeight - newHeight`.
    public static func offset(current: Double, oldHeight: Double, newHeight: Double,
                              contentHeight: Double) -> Double {
        let maxOffset = max(0, contentHeight - newHeight)
        return min(max(current + (oldHeight - newHeight), 0), maxOffset)
    }

    /// The list's visible height between the top of the list (`listTop`) and the top of
    /// the input bar, which rides on the keyboard (or the safe-area bottom without one).
    ///
    /// - Parameters:
    ///   - screenHeight: The screen's height.
    ///   - listTop: The list's top edge in screen coordinates.
    ///   - inputBarHeight: The input bar's height.
    ///   - keyboardOverlap: How much of the screen the keyboard covers.
    ///   - safeAreaBottom: The safe area's bottom inset.
    /// - Returns: The height in points, never negative.
    public static func visibleHeight(screenHeight: Double, listTop: Double, inputBarHeight: Double,
                                     keyboardOverlap: Double, safeAreaBottom: Double) -> Double {
        let bottom = screenHeight - max(keyboardOverlap, safeAreaBottom) - inputBarHeight
        return max(0, bottom - listTop)
    }
}
