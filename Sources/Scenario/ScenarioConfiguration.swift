import SimCore
import Raster
import ChatUI
import Tester

/// What a script's setup lines ask for, with the defaults of a script that says nothing.
public struct ScenarioConfiguration: Hashable, Sendable {
    public var device: DeviceProfile = .iphone8
    public var theme: Theme = .light
    public var catalog: CatalogSource = .demo
    public var conversation: ConversationSource = .demo
    public var panelColumns = 8
    public var panelRows = 3
    public var panelSnap: PanelSnapPolicy = .paging
    public var previewInserts = false
    public var longPressDuration = SimDuration.milliseconds(300)
    public var inputMaxLines = 5
    public var inputMaxLength: Int?
    public var touchRate = TesterDefaults.touchRate

    public init() {}

    /// Applies one setup line.
    public mutating func apply(_ setup: Setup) {
        switch setup {
        case .device(let d): device = d
        case .theme(let t): theme = t
        case .catalog(let c): catalog = c
        case .conversation(let c): conversation = c
        case .set(let s):
            switch s {
            case .panelLayout(let c, let r): panelColumns = c; panelRows = r
            case .panelSnap(let p): panelSnap = p
            case .panelPreviewInserts(let b): previewInserts = b
            case .longPressDuration(let d): longPressDuration = d
            case .inputMaxLines(let n): inputMaxLines = n
            case .inputMaxLength(let n): inputMaxLength = n
            case .touchRate(let r): touchRate = r
            }
        }
    }

    /// The configuration a script's setup lines describe.
    public init(script: Script) {
        self.init()
        for s in script.setup { apply(s.value) }
    }
}
