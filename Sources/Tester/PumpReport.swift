import SimCore

/// What a `pump` or `pumpUntilIdle` did: display-link frames it let run, virtual time
/// it took, and what still moved when it returned (empty: idle).
public struct PumpReport: Hashable, Sendable, CustomStringConvertible {
    /// Display-link frames that ran.
    public var frames: Int
    /// Virtual time that passed.
    public var elapsed: SimDuration
    /// What still moved on return, one phrase each (`Testable.motion`); empty when idle.
    public var stillMoving: [String]

    /// A report.
    ///
    /// - Parameters:
    ///   - frames: Frames that ran.
    ///   - elapsed: Virtual time that passed.
    ///   - stillMoving: What still moved on return.
    public init(frames: Int = 0, elapsed: SimDuration = .zero, stillMoving: [String] = []) {
        self.frames = frames; self.elapsed = elapsed; self.stillMoving = stillMoving
    }

    /// True when nothing still moved on return.
    public var isIdle: Bool { stillMoving.isEmpty }

    /// "N frames over T, idle" or "…, still moving: …" (as failures print it).
    public var description: String {
        "\(frames) frames over \(elapsed)" + (stillMoving.isEmpty ? ", idle" : ", still moving: " + stillMoving.joined(separator: ", "))
    }
}
