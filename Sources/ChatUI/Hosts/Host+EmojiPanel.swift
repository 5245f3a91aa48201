import SimCore

extension Host where R == EmojiPanel {
    /// A host of `panel` as it appears at `clock.now`, `width` wide (see
    /// `EmojiPanel.initialState(width:at:)`).
    ///
    /// - Parameters:
    ///   - panel: The reducer with its dependencies.
    ///   - width: The panel's width.
    ///   - clock: The clock the host's frames and timers run on.
    ///   - trace: Where the panel's lines go (source `panel`).
    /// - Complexity: O(sections) to lay the pages out.
    public convenience init(panel: EmojiPanel, width: Double, clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        self.init(panel, state: panel.initialState(width: width, at: clock.now), clock: clock, trace: trace)
    }
}
