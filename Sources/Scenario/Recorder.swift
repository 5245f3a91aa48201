import SimCore
import Imaging
import Raster

/// Records the screen at 30 frames per virtual second, at scale 1, merging identical
/// consecutive frames into one longer frame (an idle screen costs one frame).
final class Recorder {
    static let hz = 30
    let host: any ScenarioHost
    let runner: ScenarioRunner
    let theme: Theme
    private(set) var frames: [RecordedFrame] = []
    private var timer: VirtualClock.TimerID?
    /// What the clock's timer holds instead of `self` (no weak captures in Embedded Swift).
    private let backref = Backref<Recorder>()

    init(host: any ScenarioHost, runner: ScenarioRunner, theme: ThemeName) {
        self.host = host
        self.runner = runner
        self.theme = theme == .dark ? .dark : .light
        backref.bind(self)
    }

    deinit { backref.clear() }

    func start() {
        capture()
        timer = host.clock.scheduleRepeating(every: .frames(1, at: Self.hz)) { [backref] _ in backref.target?.capture() }
    }

    func stop() {
        if let timer { host.clock.cancel(timer) }
        timer = nil
    }

    private func capture() {
        let frame = SimDuration.frames(1, at: Self.hz)
        if frames.count >= runner.maxRecordedFrames {
            frames[frames.count - 1].duration += frame
            return
        }
        let image = PixelCanvas.render(host.displayList(of: .screen),
                                       options: PixelRenderOptions(scale: 1, theme: theme, font: runner.font, images: host.imageProvider))
        if let last = frames.last, last.image == image {
            frames[frames.count - 1].duration += frame
        } else {
            frames.append(RecordedFrame(image: image, duration: frame))
        }
    }
}
