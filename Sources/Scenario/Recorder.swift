import SimCore
import Imaging
import Raster
import Tester

/// Records the screen at 30 frames per virtual second, at scale 1, merging identical
/// consecutive frames into one longer frame (an idle screen costs one frame).
///
/// Bounded three times: at most `runner.maxRecordedFrames` distinct frames, at most
/// `maxBytes` of pixels held (an iPhone 8 frame is 1 MB at scale 1, so the frame count
/// alone would allow ~900 MB); once either is reached, later frames extend the last
/// one, so a long or large run degrades to a coarser GIF instead of growing memory. And
/// each frame is at most `maxFramePixels`: a larger screen is scaled down by a whole
/// factor (a box average). Scaled rather than streamed to the encoder, because the
/// encoder's work (colours, palette, LZW) and the GIF grow with every pixel of every
/// frame whichever way they arrive, and a 4096-pixel-wide GIF is no use as a preview:
/// a 4096x4096 screen records at 1024x1024 (4 MiB a frame), phones at scale 1 as they are.
/// The rendering is bounded too: at most `maxRenderedPixels` rendered in all (900 phone
/// frames at scale 1 fit; a 4096x4096 screen gets 16 renders), then frames extend.
///
/// Generic over the host (no `any ScenarioHost`: the core builds under Embedded Swift,
/// which has no existentials); the driver that owns it has the same `Host`. Its
/// constants are computed: a generic type has no static stored properties.
final class Recorder<Host: ScenarioHost> {
    static var hz: Int { 30 }
    /// Pixel bytes the recording may hold: 128 MiB.
    static var maxBytes: Int { 128 << 20 }
    /// Pixels of one recorded frame at most (1024 x 1024).
    static var maxFramePixels: Int { 1 << 20 }
    /// Pixels rendered for one recording at most (256 Mi).
    static var maxRenderedPixels: Int { 1 << 28 }
    private var pixelsRendered = 0
    /// Captures the timer made (the first tick is one frame after the start).
    private var ticks = 0
    /// The timer stopped because the recording is full (see `capture`).
    private var stoppedFull = false
    private var bytesHeld = 0
    /// The list the last frame was rendered from: an unchanged list is the same picture,
    /// so an idle stretch costs one list comparison per frame instead of a render.
    private var lastList: DisplayList?
    /// The sampler's version of `lastList`: while it gives the same one, the capture
    /// extends the last frame without comparing or drawing anything.
    private var lastVersion = -1
    /// Where the screen's list comes from (shared with the step log).
    let sampler: ScreenSampler<Host>
    let host: Host
    let runner: ScenarioRunner
    let theme: Theme
    private(set) var frames: [RecordedFrame] = []
    private var timer: VirtualClock.TimerID?
    /// What the clock's timer holds instead of `self` (no weak captures in Embedded Swift).
    private let backref = Backref<Recorder>()

    init(host: Host, runner: ScenarioRunner, theme: Theme, sampler: ScreenSampler<Host>) {
        self.host = host
        self.sampler = sampler
        self.runner = runner
        self.theme = theme
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
    /// final instant would add a frame past the end), then makes the last frame the
    /// screen as the run left it: a run that ends between two captures (`tap
    /// panel.emoji 微笑` at 0.773 s, after the 0.767 s capture) would otherwise end on a
    /// picture from before its last command. That final picture is shown for one frame
    /// (1/30 s) past the end, as the display's next refresh would show it.
    func stop() {
        if let timer { host.clock.cancel(timer) }
        timer = nil
        let elapsed = host.clock.now - started
        if stoppedFull, !frames.isEmpty {
            // The ticks the stopped timer would have fired (at every frame due by now),
            // each extending the last frame.
            let due = Int(elapsed.ticks / SimDuration.frames(1, at: Self.hz).ticks)
            if due > ticks { frames[frames.count - 1].duration += SimDuration.frames(1, at: Self.hz) * (due - ticks) }
            ticks = due
        }
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
        captureFinal()
    }

    /// The end state as the last frame (see `stop`), within the same bounds as every
    /// capture: past them, it replaces the last frame's picture instead of adding one.
    private func captureFinal() {
        let list = sampler.screen().list
        if let lastList, lastList == list, !frames.isEmpty { return }
        let full = frames.count >= runner.maxRecordedFrames || bytesHeld >= Self.maxBytes
            || (!frames.isEmpty && pixelsRendered >= Self.maxRenderedPixels)
        lastList = list
        let side = { (v: Double) -> Int in v.isFinite ? Int(min(max(0, v), 1_000_000)) : 0 }
        pixelsRendered += side(host.size.width) * side(host.size.height)
        let image = Self.fitted(frameRenderer.image(list))
        if let last = frames.last, last.image == image { return }
        if full, !frames.isEmpty {
            frames[frames.count - 1].image = image
        } else {
            frames.append(RecordedFrame(image: image, duration: .frames(1, at: Self.hz)))
            bytesHeld += image.byteCount
        }
    }

    private func capture() {
        let frame = SimDuration.frames(1, at: Self.hz)
        ticks += 1
        if frames.count >= runner.maxRecordedFrames || bytesHeld >= Self.maxBytes
            || (!frames.isEmpty && pixelsRendered >= Self.maxRenderedPixels) {
            frames[frames.count - 1].duration += frame
            // Every later capture would only extend the last frame: the timer stops (a
            // timer makes the Tester run the model's frames up to each of its ticks)
            // and `stop` adds the ticks it would have counted.
            if let timer { host.clock.cancel(timer) }
            timer = nil
            stoppedFull = true
            return
        }
        let (list, version) = sampler.screen()
        if !frames.isEmpty, lastList != nil, version == lastVersion {
            frames[frames.count - 1].duration += frame
            return
        }
        lastVersion = version
        if let lastList, lastList == list, !frames.isEmpty {
            frames[frames.count - 1].duration += frame
            return
        }
        lastList = list
        let side = { (v: Double) -> Int in v.isFinite ? Int(min(max(0, v), 1_000_000)) : 0 } // device sizes are checked
        pixelsRendered += side(host.size.width) * side(host.size.height)
        let image = Self.fitted(frameRenderer.image(list))
        if let last = frames.last, last.image == image {
            frames[frames.count - 1].duration += frame
        } else {
            frames.append(RecordedFrame(image: image, duration: frame))
            bytesHeld += image.byteCount
        }
    }

    /// The snapshot renderer at scale 1 with the run's theme and font and the host's images.
    private var frameRenderer: SnapshotRenderer {
        SnapshotRenderer(scale: 1, theme: theme, font: runner.font, images: host.imageProvider)
    }

    /// The smallest whole factor that brings `width` x `height` within `maxFramePixels`.
    static func reduction(width: Int, height: Int) -> Int {
        var f = 1
        while (width / f) * (height / f) > maxFramePixels { f += 1 }
        return f
    }

    /// `image` scaled down by `reduction`: each pixel the average of an f x f block
    /// (edge pixels that do not fill a block are dropped). O(source pixels).
    static func fitted(_ image: Image) -> Image {
        let f = reduction(width: image.width, height: image.height)
        if f == 1 { return image }
        let w = image.width / f, h = image.height / f
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let n = UInt32(f * f)
        let sw = image.width
        // Raw pointers: this loop touches every source byte, and checked subscripts make
        // debug builds (the hostile-input runs) several times slower.
        image.pixels.withUnsafeBufferPointer { srcBuffer in
            out.withUnsafeMutableBufferPointer { dstBuffer in
                guard let src = srcBuffer.baseAddress, let dst = dstBuffer.baseAddress else { return }
                for y in 0..<h {
                    for x in 0..<w {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                        for dy in 0..<f {
                            var p = src + ((y * f + dy) * sw + x * f) * 4
                            for _ in 0..<f {
                                r &+= UInt32(p[0]); g &+= UInt32(p[1]); b &+= UInt32(p[2]); a &+= UInt32(p[3])
                                p += 4
                            }
                        }
                        let q = dst + (y * w + x) * 4
                        q[0] = UInt8((r + n / 2) / n); q[1] = UInt8((g + n / 2) / n)
                        q[2] = UInt8((b + n / 2) / n); q[3] = UInt8((a + n / 2) / n)
                    }
                }
            }
        }
        return Image(width: w, height: h, pixels: out)!
    }
}
