import Imaging

/// The demo's animated emoji: which transform each frame applies to its Noto still and
/// how long it shows. Delays vary on purpose (holds, quick in-betweens, and one 10 ms
/// frame in f059 that players show for 100 ms) so the demo exercises the player.
struct DemoAnimations {
    struct Failure: Error, CustomStringConvertible { var message: String; var description: String { message } }

    struct Frame {
        var transform: ImageTransform
        var centiseconds: Int
    }

    struct Spec {
        var name: String
        var effect: String
        var frames: [Frame]
        var loopCount: LoopCount = .forever

        func encode(from still: Image) throws -> [UInt8] {
            guard still.width == 64, still.height == 64 else {
                throw Failure(message: "expected a 64x64 still, got \(still.width)x\(still.height)")
            }
            let frames = self.frames.map { GIFEncoder.Frame(image: $0.transform.apply(to: still), delayCentiseconds: $0.centiseconds) }
            return try GIFEncoder.encode(frames, loopCount: loopCount)
        }
    }

    /// The emoji is drawn at `base` of its size so that motion stays inside 64 x 64.
    static let base = 0.82

    static func t(_ scaleX: Double = 1, _ scaleY: Double = 1, rotate: Double = 0, dx: Double = 0, dy: Double = 0,
                  anchorBottom: Bool = false) -> ImageTransform {
        ImageTransform(scaleX: base * scaleX, scaleY: base * scaleY, rotationDegrees: rotate,
                       translateX: dx, translateY: dy, anchorX: 32, anchorY: anchorBottom ? 32 + 32 * base : 32)
    }

    static let all: [Spec] = [
        Spec(name: "wink.gif", effect: "wink (squash and tilt)", frames: [
            Frame(transform: t(), centiseconds: 80),
            Frame(transform: t(1.04, 0.9, anchorBottom: true), centiseconds: 6),
            Frame(transform: t(1.08, 0.8, rotate: -6, anchorBottom: true), centiseconds: 12),
            Frame(transform: t(1.04, 0.9, rotate: -8, anchorBottom: true), centiseconds: 6),
            Frame(transform: t(rotate: -8), centiseconds: 40),
            Frame(transform: t(rotate: -4), centiseconds: 8),
        ]),
        Spec(name: "bounce.gif", effect: "bounce (hop with squash)", frames: [
            Frame(transform: t(1.1, 0.88, anchorBottom: true), centiseconds: 8),
            Frame(transform: t(0.96, 1.06, dy: -3, anchorBottom: true), centiseconds: 4),
            Frame(transform: t(dy: -7, anchorBottom: true), centiseconds: 4),
            Frame(transform: t(dy: -9, anchorBottom: true), centiseconds: 8),
            Frame(transform: t(dy: -7, anchorBottom: true), centiseconds: 4),
            Frame(transform: t(0.96, 1.06, dy: -3, anchorBottom: true), centiseconds: 4),
        ]),
        Spec(name: "spin.gif", effect: "spin (a full turn in 30 degree steps)",
             frames: (0..<12).map { k in Frame(transform: t(rotate: Double(k * 30)), centiseconds: k == 0 ? 30 : 5) }),
        Spec(name: "haha.gif", effect: "laugh (rocking shake)", frames: [
            Frame(transform: t(rotate: 0), centiseconds: 30),
            Frame(transform: t(rotate: -10, dy: -2), centiseconds: 7),
            Frame(transform: t(rotate: 10, dy: -2), centiseconds: 7),
            Frame(transform: t(rotate: -10, dy: -2), centiseconds: 7),
            Frame(transform: t(rotate: 10, dy: -2), centiseconds: 7),
        ]),
        Spec(name: "f056.gif", effect: "rock (swing side to side)",
             frames: [-12, -6, 0, 6, 12, 6, 0, -6].enumerated().map { i, a in
                 Frame(transform: t(rotate: Double(a)), centiseconds: abs(a) == 12 ? 16 : 6)
             }),
        Spec(name: "f057.gif", effect: "pulse (grow and shrink)", frames: [
            Frame(transform: t(0.88, 0.88), centiseconds: 10),
            Frame(transform: t(0.94, 0.94), centiseconds: 5),
            Frame(transform: t(1.0, 1.0), centiseconds: 25),
            Frame(transform: t(0.94, 0.94), centiseconds: 5),
        ]),
        Spec(name: "f058.gif", effect: "heartbeat (two beats and a rest)", frames: [
            Frame(transform: t(0.9, 0.9), centiseconds: 50),
            Frame(transform: t(1.08, 1.08), centiseconds: 8),
            Frame(transform: t(0.94, 0.94), centiseconds: 8),
            Frame(transform: t(1.1, 1.1), centiseconds: 8),
            Frame(transform: t(0.96, 0.96), centiseconds: 10),
        ]),
        Spec(name: "f059.gif", effect: "shiver (side to side, then slump)", frames: [
            Frame(transform: t(), centiseconds: 60),
            Frame(transform: t(dx: -3), centiseconds: 4),
            Frame(transform: t(dx: 3), centiseconds: 4),
            Frame(transform: t(dx: -3), centiseconds: 4),
            Frame(transform: t(dx: 3), centiseconds: 1),
            Frame(transform: t(0.95, 0.95), centiseconds: 30),
        ]),
    ]
}
