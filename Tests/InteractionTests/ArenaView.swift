import SimCore
import Raster
@testable import Interaction
import Tester

/// A view's handler in a test: the updates a `Host` performed, in order. A reference
/// type because `Reducer.perform` reads the state and changes nothing of it: the effects
/// of events go to runtime objects the reducer was given, as a view's handler would.
final class UpdateLog {
    private(set) var updates: [GestureUpdate] = []
    /// Called with each update as it arrives (a test's stand-in for the view's handler).
    var received: ((GestureUpdate) -> Void)?
    func append(_ u: GestureUpdate) { updates.append(u); received?(u) }
}

/// A view of `size` whose touches go to a gesture arena: the arena as a Tester subject,
/// through `Host<ArenaView>` (`TestableReducer`). It draws nothing; its motion is a
/// pending recognizer deadline (the long press, the tap's hold limit).
struct ArenaView: TestableReducer {
    typealias State = GestureArena.State
    typealias Action = GestureArena.Action
    typealias Event = GestureArena.Event
    typealias Failure = Never

    let arena: GestureArena
    let size: Size
    let log = UpdateLog()

    init(source: String = "view", size: Size = Size(width: 320, height: 320)) {
        arena = GestureArena(source: source)
        self.size = size
    }

    func reduce(into state: inout State, _ action: Action, at now: SimInstant) -> [Event] {
        arena.reduce(into: &state, action, at: now)
    }
    func nextDeadline(_ state: State) -> SimInstant? { arena.nextDeadline(state) }
    func needsFrames(_ state: State, at now: SimInstant) -> Bool { false }
    func motion(_ state: State, at now: SimInstant) -> [String] {
        arena.nextDeadline(state) == nil ? [] : ["a recognizer's timer is pending"]
    }
    func trace(_ event: Event, at now: SimInstant) -> TraceEvent? { arena.trace(event, at: now) }
    func perform(_ event: Event, in state: State, at now: SimInstant) {
        if let u = event.update { log.append(u) }
    }
    static var frameAction: Action? { nil }
    static var deadlineAction: Action? { GestureArena.deadlineAction }

    func touchAction(_ touch: TouchEvent) -> Action { .touch(touch) }
    func bounds(_ state: State) -> Rect { Rect(origin: .zero, size: size) }
    func displayList(_ state: State, at now: SimInstant) -> DisplayList { DisplayList(size: size) }
}
