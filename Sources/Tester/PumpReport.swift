import SimCore

/// What a `pump` or `pumpUntilIdle` did: display-link frames it let run, virtual time
/// it took, and what still moved when it returned (empty: idle).
public struct PumpReport: Hashable, Sendable, CustomStringConvertible {
    public var frames: Int
    public var elapsed: SimDuration
    public var stillMoving: [String]

    public init(frames: Int = 0, elapsed: SimDuration = .zero, stillMoving: [String] = []) {
        self.frames = frames; self.elapsed = elapsed; self.stillMoving = stillMoving
    }

    public var isIdle: Bool { stillMoving.isEmpty }

    public var description: String {
        "\(frames) frames over \(elapsed)" + (stillMoving.isEmpty ? ", idle" : ", still moving: " + stillMoving.joined(separator: ", "))
    }
}
