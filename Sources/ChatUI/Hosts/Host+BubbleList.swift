import SimCore

extension Host where R == BubbleList {
    /// A host of `list` opened at the bottom at `clock.now`: the opening pass's events
    /// (cells created, willDisplay, players started) are recorded and performed.
    ///
    /// - Parameters:
    ///   - list: The reducer with its layout provider and players.
    ///   - messages: The conversation, oldest first.
    ///   - width: The list's width in points.
    ///   - viewportHeight: The visible height.
    ///   - configuration: The list's parameters.
    ///   - clock: The clock the host's frames run on.
    ///   - trace: Where the events' lines go (source `list`).
    /// - Complexity: O(*n*) in the messages, plus laying out the rows shown.
    public convenience init(list: BubbleList, messages: [Message] = [], width: Double, viewportHeight: Double,
                            configuration: BubbleList.Configuration = .init(),
                            clock: VirtualClock = VirtualClock(), trace: Trace = Trace()) {
        let opened = list.open(messages: messages, width: width, viewportHeight: viewportHeight,
                               configuration: configuration, at: clock.now)
        self.init(list, state: opened.state, events: opened.events, clock: clock, trace: trace)
    }
}
