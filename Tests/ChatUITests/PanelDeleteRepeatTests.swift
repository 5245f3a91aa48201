import Testing
import SimCore
@testable import ChatUI

@Suite struct DeleteKeyRepeaterTests {
    /// Holds the key for `hold` with a timer loop as the panel does, returning the deletes.
    func hold(_ hold: SimDuration, cancel: Bool = false) -> [DeleteKeyRepeater.Delete] {
        var r = DeleteKeyRepeater()
        let down = SimInstant(ticks: 1234)
        r.press(at: down)
        var out: [DeleteKeyRepeater.Delete] = []
        let up = down + hold
        while let due = r.nextFire, due <= up { out += r.fire(at: due) }
        if cancel { r.cancel() } else { out += r.release(at: up) }
        #expect(r.nextFire == nil && !r.isHeld) // the timer never outlives the touch
        return out
    }

    @Test func shortHoldDeletesOnceOnRelease() {
        let d = hold(.milliseconds(200))
        #expect(d.map(\.repeatCount) == [0])
        #expect(d[0].time == SimInstant(ticks: 1234) + .milliseconds(200))
    }

    @Test func holdOf600msRepeatsTwice() {
        let d = hold(.milliseconds(600))
        #expect(d.map(\.repeatCount) == [1, 2])
        #expect(d.map(\.time) == [SimInstant(ticks: 1234) + .milliseconds(500), SimInstant(ticks: 1234) + .milliseconds(600)])
    }

    @Test func holdOf2sRepeatsSixteenTimesWithoutDrift() {
        let d = hold(.seconds(2))
        #expect(d.count == 16) // 0.5, 0.6, ..., 2.0
        for (k, e) in d.enumerated() {
            #expect(e.repeatCount == k + 1)
            #expect(e.time == SimInstant(ticks: 1234) + .milliseconds(500 + 100 * k))
        }
    }

    @Test func cancelStopsWithoutDeleting() {
        #expect(hold(.milliseconds(200), cancel: true).isEmpty)
        #expect(hold(.milliseconds(700), cancel: true).count == 3)
    }

    @Test func lateFireCatchesUpOnTheGrid() {
        var r = DeleteKeyRepeater(delay: .milliseconds(400), interval: .milliseconds(50))
        r.press(at: .zero)
        #expect(r.fire(at: SimInstant.zero + .milliseconds(399)).isEmpty)
        let burst = r.fire(at: SimInstant.zero + .milliseconds(510))
        #expect(burst.map(\.repeatCount) == [1, 2, 3])
        #expect(r.nextFire == SimInstant.zero + .milliseconds(550))
    }
}

@Suite struct PreviewPlacementTests {
    let panel = Rect(x: 0, y: 0, width: 375, height: 216)

    @Test func centredAboveTheKey() {
        let key = Rect(x: 150, y: 150, width: 36, height: 36)
        let p = PreviewPlacement(key: key, size: Size(width: 60, height: 80), lift: 4, panel: panel)
        #expect(p.frame == Rect(x: 138, y: 66, width: 60, height: 80))
        #expect(p.nameFrame.maxY <= p.frame.maxY && p.imageFrame.minY >= p.frame.minY)
    }

    @Test(arguments: [
        (Rect(x: 2, y: 150, width: 36, height: 36), 0.0, 26.0),       // left edge: pushed right
        (Rect(x: 337, y: 150, width: 36, height: 36), 255.0, 26.0),   // right edge: pushed left
        (Rect(x: 150, y: 20, width: 36, height: 36), 190.0, 0.0),     // top row: beside, towards the middle
        (Rect(x: 337, y: 20, width: 36, height: 36), 213.0, 0.0),     // top-right corner: beside, to the left
        (Rect(x: 2, y: 20, width: 36, height: 36), 42.0, 0.0),        // top-left corner: beside, to the right
    ])
    func clampedInsideThePanelNeverOverTheKey(key: Rect, x: Double, y: Double) {
        let p = PreviewPlacement(key: key, size: Size(width: 120, height: 120), lift: 4, panel: panel)
        #expect(p.frame.origin == Point(x: x, y: y))
        #expect(panel.union(p.frame) == panel)
        #expect(!p.frame.intersects(key))
    }

    /// In a screen the bounds reach above the panel: every key of an 8 x 3 grid gets
    /// its preview straight above it (over the input bar for the top row), inside the
    /// screen, never over the key.
    @Test func aboveTheFingerInTheScreen() {
        let screen = Rect(x: 0, y: 216 - 667, width: 375, height: 667)
        for row in 0..<3 {
            for col in 0..<8 {
                let key = Rect(x: 8 + Double(col) * 46, y: 20 + Double(row) * 50, width: 36, height: 36)
                let p = PreviewPlacement(key: key, size: Size(width: 120, height: 120), lift: 4, bounds: screen)
                #expect(p.frame.maxY == key.minY - 4)
                #expect(screen.union(p.frame) == screen && !p.frame.intersects(key))
                #expect(p.frame.minX <= key.midX && p.frame.maxX >= key.midX) // over the finger
            }
        }
        // Neither above nor beside: below the key.
        let narrow = Rect(x: 0, y: 0, width: 130, height: 300)
        let p = PreviewPlacement(key: Rect(x: 40, y: 10, width: 36, height: 36), size: Size(width: 120, height: 120),
                                 lift: 4, bounds: narrow)
        #expect(p.frame.origin == Point(x: 0, y: 50))
    }

    @Test func scaledSizeLeavesRoomForTheName() {
        let s = PreviewPlacement.size(for: .scale(1.5), key: Size(width: 36, height: 36))
        #expect(s == Size(width: 62, height: 78))
    }
}
