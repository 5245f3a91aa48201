import SimCore
import Imaging
import Raster
import ChatUI

/// Records the screen at 30 frames per virtual second, at scale 1, merging identical
/// consecutive frames into one longer frame (an idle screen costs one frame).
///
/// Bounded twice: at most `runner.maxRecordedFrames` distinct frames and at most
/// `maxBytes` of pixels held (an iPhone 8 frame is 1 MB at scale 1, so the frame count
/// alone would allow ~900 MB); once either is reached, later frames extend the last
/// one, so a long or large run degrades to a coarser GIF instead of growing memory.
///
/// Generic over the host (no `any ScenarioHost`: the core builds under Embedded Swift,
/// which has no existentials); the driver that owns it has the same `Host`.
final class Recorder<Host: ScenarioHost> {
    static var hz: Int { 30 }
    /// Pixel bytes the recording may hold: 128 MiB.
    static var maxBytes: Int { 128 << 20 }
    private var bytesHeld = 0
    /// The list the last frame was rendered from: an unchanged list is the same picture,
    /// so an idle stretch costs one list comparison per frame instead of a render.
    private var lastList: DisplayList?
    let host: Host
    let runner: ScenarioRunner
    let theme: Theme
    private(set) var frames: [RecordedFrame] = []
    private var timer: VirtualClock.TimerID?
    /// What the clock's timer holds instead of `self` (no weak captures in Embedded Swift).
    private let backref = Backref<Recorder>()

    init(host: Host, runner: ScenarioRunner, theme: ThemeName) {
        self.host = host
        self.runner = runner
        self.theme = theme == .dark ? .dark : .light
        backref.bind(self)
    }

    private var started = SimInstant.zero

    deinit { backref.clear() }

    func start() {
        started = host.clock.now
        capture()
        timer = host.clock.scheduleRepeating(every: .frames(1, at: Self.hz)) { [backref] _ in backref.target?.capture() }
    }

    /// Stops and trims the last frame so the frames add up to exactly the recorded
    /// stretch of virtual time (each capture counts one frame ahead, so the capture at the
    /// final instant would add a frame past the end).
    func stop() {
        if let timer { host.clock.cancel(timer) }
        timer = nil
        let elapsed = host.clock.now - started
        var total = SimDuration.zero
        for f in frames { total += f.duration }
        var excess = total - elapsed
        while excess > .zero, let last = frames.last {
            if last.duration > excess {
                frames[frames.count - 1].duration = last.duration - excess
                break
            }
            excess = excess - last.duration
            frames.removeLast()
        }
    }

    private func capture() {
        let frame = SimDuration.frames(1, at: Self.hz)
        if frames.count >= runner.maxRecordedFrames || bytesHeld >= Self.maxBytes {
            frames[frames.count - 1].duration += frame
            return
        }
        let list = host.displayList(of: .screen) ?? DisplayList(size: host.size)
        if let lastList, lastList == list, !frames.isEmpty {
            frames[frames.count - 1].duration += frame
            return
        }
        lastList = list
        let image = PixelCanvas.render(list, options: PixelRenderOptions(scale: 1, theme: theme, font: runner.font, images: host.imageProvider))
        if let last = frames.last, last.image == image {
            frames[frames.count - 1].duration += frame
        } else {
            frames.append(RecordedFrame(image: image, duration: frame))
            bytesHeld += image.byteCount
        }
    }
}
