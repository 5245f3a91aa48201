/// An exhaustive assertion over a `Reducer`'s real `State`, after The Composable
/// Architecture's `TestStore`: each `send` runs one action through the reducer at an
/// instant, then checks that the state changed exactly as the trailing closure says
/// (starting from the state before the action) and that the action returned exactly
/// the events listed. Actions the events feed back (`Reducer.feedback`, a composed
/// model's wiring) are queued, and each must be asserted with `receive` before the next
/// `send`. Anything unasserted is a failure: a field that changed without being
/// written, an event too many or too few, a fed-back action nobody received.
///
///     let store = TestStore(Keyboard(), state: Keyboard.State(profile: .iphone8), report: recordTestStoreIssue)
///     store.send(.show(.system), at: t0, [willChangeFrame, willShow]) {
///         $0.kind = .system
///         $0.animation = Keyboard.Animation(...)
///     }
///
///     let screen = TestStore(chat, state: chat.initialState().state, report: recordTestStoreIssue)
///     screen.send(.touch(up), at: t, [.panel(.moment(...)), .panel(.inputClick), .panel(.didSelect(e))]) { ... }
///     screen.receive(.inputBar(.insertEmoji(e)), [.inputBar(...), ...]) { ... }
///
/// With `exhaustivity = .off` a store checks only what is asserted: the closure's
/// writes must hold in the actual state, the listed events must occur in order among the
/// received ones, and fed-back actions not received are run before the next `send`.
/// `.events` keeps events and fed-back actions exhaustive and checks the state as `.off`
/// does, for a model whose state holds private machinery a test cannot write (the
/// scroll view's motion curves).
///
/// Failures go to `report` with the caller's source location, so a test framework can
/// attach them to the right line (EmojiSimTesting's `recordTestStoreIssue` reports
/// through Swift Testing with a field-by-field diff). Fed-back actions still pending when
/// the store is released (or at `finish()`) are reported at the last assertion.
///
/// Pure and generic (no Foundation, no existentials): it lives in SimCore so every
/// model's tests can use it. A reference type, as TCA's, so that dropping it can report
/// what was never received. Each send costs one reduce, one state copy and one comparison.
public final class TestStore<R: Reducer> where R.Event: Equatable {
    /// The failures this store reports.
    public typealias Failure = TestStoreFailure<R.State, R.Action, R.Event, R.Failure>

    /// The reducer under test (with its dependencies).
    public let reducer: R
    /// The state after the last action.
    public private(set) var state: R.State
    /// The instant the last action happened at; `send` without `at:` uses it again.
    public private(set) var now: SimInstant
    /// Whether unasserted changes, events and fed-back actions fail (`.on`, the default).
    public var exhaustivity: TestStoreExhaustivity = .on
    /// Failures reported so far.
    public private(set) var failureCount = 0
    /// Actions fed back by the events so far and not yet received, next first.
    public private(set) var pendingActions: [R.Action] = []

    private let report: (Failure, TestStoreLocation) -> Void
    private var lastLocation: TestStoreLocation?

    /// A store over `reducer` starting from `state` at `now`.
    /// - Parameters:
    ///   - reducer: the reducer under test, with its dependencies.
    ///   - state: the state the first action starts from.
    ///   - now: the instant of the first action unless it gives its own `at:`.
    ///   - report: called with each failure and the assertion's location.
    public init(_ reducer: R, state: R.State, at now: SimInstant = .zero,
                report: @escaping (Failure, TestStoreLocation) -> Void) {
        self.reducer = reducer
        self.state = state
        self.now = now
        self.report = report
    }

    deinit {
        if exhaustivity != .off, !pendingActions.isEmpty, let at = lastLocation {
            failureCount += 1
            report(.unreceived(pendingActions), at)
        }
    }

    /// Sends `action` at `instant` (default: the instant of the previous action) and
    /// asserts: the state after it equals the state before with `update` applied, and
    /// its events are exactly `events`, in order. Returns whether everything held (each
    /// mismatch is also reported). Fed-back actions of an earlier send that were not
    /// received fail first (exhaustive) or are run unasserted (`.off`).
    @discardableResult
    public func send(_ action: R.Action, at instant: SimInstant? = nil, _ events: [R.Event] = [],
                     fileID: String = #fileID, filePath: String = #filePath,
                     line: Int = #line, column: Int = #column,
                     assert update: (inout R.State) -> Void = { _ in }) -> Bool {
        let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        lastLocation = location
        var ok = true
        if !pendingActions.isEmpty {
            if exhaustivity != .off {
                fail(.unreceived(pendingActions), location)
                pendingActions = []
                ok = false
            } else {
                runPending(location)
            }
        }
        if let instant { now = instant }
        return step(action, events, location, update) && ok
    }

    /// Asserts that the next fed-back action is `action`, runs it at the store's instant
    /// and asserts its state change and events as `send` does. Returns whether
    /// everything held.
    @discardableResult
    public func receive(_ action: R.Action, _ events: [R.Event] = [],
                        fileID: String = #fileID, filePath: String = #filePath,
                        line: Int = #line, column: Int = #column,
                        assert update: (inout R.State) -> Void = { _ in }) -> Bool where R.Action: Equatable {
        let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        lastLocation = location
        guard !pendingActions.isEmpty else {
            fail(.nothingReceived(expected: action), location)
            return false
        }
        let next = pendingActions.removeFirst()
        var ok = true
        if next != action {
            fail(.receivedOther(expected: action, received: next), location)
            ok = false
        }
        return step(next, events, location, update) && ok
    }

    /// Sends `action` without asserting, then runs every action it feeds back (to reach
    /// a state worth asserting from, e.g. the frames of a long deceleration). Returns
    /// the events of all of them, in order; the next `send` asserts against the state
    /// this leaves. A refusal is still reported.
    @discardableResult
    public func skip(_ action: R.Action, at instant: SimInstant? = nil, fileID: String = #fileID, filePath: String = #filePath,
                     line: Int = #line, column: Int = #column) -> [R.Event] {
        let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        lastLocation = location
        if let instant { now = instant }
        var out = run(action, location)
        out += runPending(location)
        return out
    }

    /// Runs the pending fed-back actions without asserting them; returns their events.
    @discardableResult
    public func skipReceivedActions(fileID: String = #fileID, filePath: String = #filePath,
                                    line: Int = #line, column: Int = #column) -> [R.Event] {
        runPending(TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Asserts that no fed-back action is left to receive (exhaustive stores only).
    public func finish(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        lastLocation = location
        if exhaustivity != .off && !pendingActions.isEmpty {
            fail(.unreceived(pendingActions), location)
        }
        pendingActions = []
    }

    // MARK: private

    private func step(_ action: R.Action, _ events: [R.Event], _ location: TestStoreLocation,
                      _ update: (inout R.State) -> Void) -> Bool {
        var expected = state
        update(&expected)
        let received: [R.Event]
        do throws(R.Failure) {
            received = try reducer.reduce(into: &state, action, at: now)
        } catch {
            fail(.threw(error), location)
            return false
        }
        queueFeedback(of: received)
        var ok = true
        let eventsHold = exhaustivity == .off ? isSubsequence(events, of: received) : received == events
        if !eventsHold {
            fail(.events(expected: events, received: received), location)
            ok = false
        }
        if exhaustivity == .on {
            if state != expected {
                fail(.state(expected: expected, actual: state), location)
                ok = false
            }
        } else {
            var asserted = state
            update(&asserted)
            if asserted != state {
                fail(.state(expected: asserted, actual: state), location)
                ok = false
            }
        }
        return ok
    }

    /// Runs one action unasserted, queueing its feedback; reports a refusal.
    private func run(_ action: R.Action, _ location: TestStoreLocation) -> [R.Event] {
        do throws(R.Failure) {
            let events = try reducer.reduce(into: &state, action, at: now)
            queueFeedback(of: events)
            return events
        } catch {
            fail(.threw(error), location)
            return []
        }
    }

    @discardableResult
    private func runPending(_ location: TestStoreLocation) -> [R.Event] {
        var out: [R.Event] = []
        while !pendingActions.isEmpty {
            out += run(pendingActions.removeFirst(), location)
        }
        return out
    }

    /// Fed-back actions are received in the order a `Host` runs them: in the order of
    /// the events that fed them back, each one's own feedback before the next (depth
    /// first, ahead of the siblings queued earlier). The host runs each at its event's
    /// position among the events' lines; the store asserts the action's events first and
    /// then each received action, which gives the same states (a fed-back action runs
    /// after the whole producing action in both) and differs only in when lines are
    /// written.
    private func queueFeedback(of events: [R.Event]) {
        var fed: [R.Action] = []
        for e in events { if let a = reducer.feedback(e) { fed.append(a) } }
        if !fed.isEmpty { pendingActions.insert(contentsOf: fed, at: 0) }
    }

    private func isSubsequence(_ part: [R.Event], of whole: [R.Event]) -> Bool {
        var i = 0
        for e in whole where i < part.count && e == part[i] { i += 1 }
        return i == part.count
    }

    private func fail(_ f: Failure, _ at: TestStoreLocation) {
        failureCount += 1
        report(f, at)
    }
}

/// Whether a `TestStore` fails on what is not asserted.
public enum TestStoreExhaustivity: Hashable, Sendable {
    /// Every change, event and fed-back action must be asserted (the default).
    case on
    /// Only what is asserted is checked.
    case off
    /// Events and fed-back actions exhaustively; the state only as asserted.
    case events
}

/// What a `TestStore` found wrong.
public enum TestStoreFailure<State, Action, Event, Failure: Error> {
    /// The state after the action differs from the asserted one.
    case state(expected: State, actual: State)
    /// The action returned other events than the asserted ones (unasserted ones included).
    case events(expected: [Event], received: [Event])
    /// The reducer threw.
    case threw(Failure)
    /// Actions were fed back and never received (before another `send`, or at the end).
    case unreceived([Action])
    /// `receive` expected an action, but nothing was fed back.
    case nothingReceived(expected: Action)
    /// `receive` expected one action, and another was fed back first.
    case receivedOther(expected: Action, received: Action)

    /// The failure as one test-issue message (expected, then actual), for reporters
    /// that have no field-by-field diff. (Generic values print through the standard
    /// library's interpolation: host tests only; Embedded Swift cannot print them.)
    public var message: String {
        switch self {
        case let .state(expected, actual):
            return "state changed other than asserted\n  - expected: \(expected)\n  + actual:   \(actual)"
        case let .events(expected, received):
            return "events differ from the asserted ones\n  - expected: \(expected)\n  + received: \(received)"
        case let .threw(error):
            return "the action threw \(error)"
        case let .unreceived(actions):
            return "actions were fed back and not received: \(actions)"
        case let .nothingReceived(expected):
            return "expected to receive \(expected), but no action was fed back"
        case let .receivedOther(expected, received):
            return "expected to receive \(expected), received \(received)"
        }
    }
}

/// Where an assertion was written (the caller's `#fileID`, `#filePath`, `#line`, `#column`).
public struct TestStoreLocation: Hashable, Sendable {
    /// The caller's `#fileID`.
    public var fileID: String
    /// The caller's `#filePath`.
    public var filePath: String
    /// The caller's `#line`.
    public var line: Int
    /// The caller's `#column`.
    public var column: Int

    /// A location from the caller's literals.
    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID; self.filePath = filePath; self.line = line; self.column = column
    }
}
