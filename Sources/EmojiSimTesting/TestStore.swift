import SimCore

/// The text of a TestStore failure (test-side: it uses reflection, which the core avoids).
public enum TestStoreMessage {
    /// The message for a `TestStore` failure: for a state difference, each differing
    /// stored property (`- expected`, `+ actual`); for events, the two lists aligned one
    /// per line.
    ///
    /// - Parameter failure: The failure.
    /// - Returns: A multi-line message.
    /// - Complexity: O(*n*) in the size of the two states' or event lists' descriptions.
    public static func describe<State, Action, Event, Failure: Error>(_ failure: TestStoreFailure<State, Action, Event, Failure>) -> String {
        switch failure {
        case let .state(expected, actual):
            return "state changed other than asserted (- expected, + actual):\n" + fieldDiff(expected, actual)
        case let .events(expected, received):
            var lines = ["events differ from the asserted ones (- expected, + received):"]
            let n = max(expected.count, received.count)
            for i in 0..<n {
                let e = i < expected.count ? String(describing: expected[i]) : nil
                let r = i < received.count ? String(describing: received[i]) : nil
                if e == r, let e { lines.append("    \(e)"); continue }
                if let e { lines.append("  - \(e)") }
                if let r { lines.append("  + \(r)") }
            }
            return lines.joined(separator: "\n")
        case let .threw(error):
            return "the action threw \(error)"
        case .unreceived, .nothingReceived, .receivedOther:
            return failure.message
        }
    }

    /// The fields (by Mirror) whose descriptions differ; the whole values when the
    /// type has no fields to compare or no field differs textually.
    static func fieldDiff<T>(_ a: T, _ b: T) -> String {
        let ma = Mirror(reflecting: a), mb = Mirror(reflecting: b)
        var lines: [String] = []
        for (ca, cb) in zip(ma.children, mb.children) {
            let da = String(describing: ca.value), db = String(describing: cb.value)
            if da != db {
                lines.append("  - \(ca.label ?? "?"): \(da)")
                lines.append("  + \(cb.label ?? "?"): \(db)")
            }
        }
        if lines.isEmpty { lines = ["  - \(a)", "  + \(b)"] }
        return lines.joined(separator: "\n")
    }
}
