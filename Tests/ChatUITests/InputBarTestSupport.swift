import SimCore
import Interaction
@testable import ChatUI

extension InputBar.State {
    /// Test shorthand: runs `InputBar().reduce` on this state at `now` (a touch is sent
    /// at its timestamp, as a host sends it).
    @discardableResult
    mutating func send(_ action: InputBar.Action, at now: SimInstant) throws(InputBarError) -> [InputBarEvent] {
        try InputBar().reduce(into: &self, action, at: now)
    }

    /// Test shorthand: a raw touch at its own timestamp.
    @discardableResult
    mutating func handle(_ touch: TouchEvent) throws(InputBarError) -> [InputBarEvent] {
        try send(.touch(touch), at: touch.timestamp)
    }
}
