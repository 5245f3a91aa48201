/// The offset rule when the list's visible height changes under a keyboard (show,
/// switch between system and emoji keyboards, hide), applied at every animation frame.
///
/// The list's bottom edge follows the keyboard's top, and the content at that edge
/// stays put: the offset moves by the height lost (or gained), then is clamped into the
/// scrollable range. So a list at the bottom stays at the bottom, and a message in view
/// stays in view: it could only leave through the top if the content were shorter than
/// the viewport, and then the clamp keeps the offset at the top.
public enum KeyboardAvoidance {
    /// The new content offset when the viewport goes from `oldHeight` to `newHeight`
    /// over content `contentHeight` tall.
    public static func offset(current: Double, oldHeight: Double, newHeight: Double,
                              contentHeight: Double) -> Double {
        let maxOffset = max(0, contentHeight - newHeight)
        return min(max(current + (oldHeight - newHeight), 0), maxOffset)
    }

    /// The list's visible height between the top of the list (`listTop`) and the top of
    /// the input bar, which rides on the keyboard (or the safe-area bottom without one).
    public static func visibleHeight(screenHeight: Double, listTop: Double, inputBarHeight: Double,
                                     keyboardOverlap: Double, safeAreaBottom: Double) -> Double {
        let bottom = screenHeight - max(keyboardOverlap, safeAreaBottom) - inputBarHeight
        return max(0, bottom - listTop)
    }
}
