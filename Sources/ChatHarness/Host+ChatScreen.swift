import SimCore
import Interaction
import Tester
import ChatUI

// The screen host's conveniences that need the test driver; the rest are ChatUI's
// (Hosts/Host+ChatScreen.swift).
extension Host where R == ChatScreen {
    /// Delivers touches at their timestamps through a `Tester` (the clock advances to each).
    /// - Parameter touches: Touch events in time order, each at its own timestamp.
    /// - Complexity: O(touches), plus the frames run up to the last one's timestamp.
    public func handle(_ touches: [TouchEvent]) { Tester(self, timing: .manual).deliver(touches) }
}
