/// Transitional (removed once every model is a `Reducer`): the projection-based store.
/// An exhaustive assertion for value models (actions in, events out), after The
/// Composable Architecture's `TestStore`: each `send` runs one action through the
/// model's reducer, then checks that the observed state changed exactly as the
/// trailing closure says (starting from the state before the action) and that the
/// action returned exactly the events listed. Anything unasserted, a state field
/// that changed without being written, an event too many or too few, is a failure.
///
///     var store = TestStore(keyboard, observe: Keyboard.Observation.init,
///                           reduce: { $0.send($1) }, report: recordIssue)
///     store.send(.show(.system, at: t0), [willChangeFrame, willShow]) {
///         $0.kind = .system
///         $0.animation = Keyboard.Animation(...)
///     }
///
/// `Observed` is the model's public state as a value with settable fields (a model
/// whose stored state is `private(set)` exposes an observation of it); use the
/// model itself when its state is writable. Failures go to `report`, with the
/// caller's source location, so the test framework can attach them to the right line
/// (EmojiSimTesting's `TestStore.recordingIssues` reports through Swift Testing).
///
/// Pure and generic (no Foundation, no existentials): it lives in SimCore so every
/// model's tests can use it, including test targets that only see one core module.
/// Each send costs one reduce plus one observation and comparison.
public struct ObservingTestStore<Model, Action, Observed: Equatable, Event: Equatable, Failure: Error> {
    /// The model after the last action (what `observe` projects).
    public private(set) var model: Model
    private let reduce: (inout Model, Action) throws(Failure) -> [Event]
    private let observe: (Model) -> Observed
    private let report: (ObservingTestStoreFailure<Observed, Event, Failure>, TestStoreLocation) -> Void
    /// Failures reported so far.
    public private(set) var failureCount = 0

    /// A store over `model`.
    /// - Parameters:
    ///   - model: the model to start from.
    ///   - observe: projects the model to the settable fields the assertions write.
    ///   - reduce: runs one action on the model and returns its events.
    ///   - report: called with each failure and the assertion's location.
    public init(_ model: Model, observe: @escaping (Model) -> Observed,
                reduce: @escaping (inout Model, Action) throws(Failure) -> [Event],
                report: @escaping (ObservingTestStoreFailure<Observed, Event, Failure>, TestStoreLocation) -> Void) {
        self.model = model
        self.observe = observe
        self.reduce = reduce
        self.report = report
    }

    /// The observed state now.
    public var state: Observed { observe(model) }

    /// Sends `action` and asserts: the observed state after it equals the state
    /// before with `update` applied, and the events returned are exactly `events`, in
    /// order. Returns whether both held (each mismatch is also reported).
    @discardableResult
    public mutating func send(_ action: Action, _ events: [Event] = [],
                              fileID: String = #fileID, filePath: String = #filePath,
                              line: Int = #line, column: Int = #column,
                              assert update: (inout Observed) -> Void = { _ in }) -> Bool {
        let location = TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        var expected = observe(model)
        update(&expected)
        let received: [Event]
        do throws(Failure) {
            received = try reduce(&model, action)
        } catch {
            fail(.threw(error), location)
            return false
        }
        var ok = true
        if received != events {
            fail(.events(expected: events, received: received), location)
            ok = false
        }
        let actual = observe(model)
        if actual != expected {
            fail(.state(expected: expected, actual: actual), location)
            ok = false
        }
        return ok
    }

    /// Sends `action` without asserting (to reach a state worth asserting from, e.g.
    /// the frames of a long deceleration); returns its events. The next `send`
    /// asserts against the state this leaves.
    @discardableResult
    public mutating func skip(_ action: Action, fileID: String = #fileID, filePath: String = #filePath,
                              line: Int = #line, column: Int = #column) -> [Event] {
        do throws(Failure) {
            return try reduce(&model, action)
        } catch {
            fail(.threw(error), TestStoreLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            return []
        }
    }

    private mutating func fail(_ f: ObservingTestStoreFailure<Observed, Event, Failure>, _ at: TestStoreLocation) {
        failureCount += 1
        report(f, at)
    }
}

/// What an `ObservingTestStore.send` found wrong.
public enum ObservingTestStoreFailure<Observed, Event, Failure: Error> {
    /// The state after the action differs from the asserted one.
    case state(expected: Observed, actual: Observed)
    /// The action returned other events than the asserted ones (unasserted ones included).
    case events(expected: [Event], received: [Event])
    /// The reducer threw.
    case threw(Failure)

    /// The failure as one test-issue message (expected, then actual), for reporters
    /// that have no field-by-field diff.
    public var message: String {
        switch self {
        case let .state(expected, actual):
            return "state changed other than asserted\n  - expected: \(expected)\n  + actual:   \(actual)"
        case let .events(expected, received):
            return "events differ from the asserted ones\n  - expected: \(expected)\n  + received: \(received)"
        case let .threw(error):
            return "the action threw \(error)"
        }
    }
}
