import SimCore
import EmojiText
import Raster
import ChatUI
import Tester
import ChatHarness

/// What a script's setup lines ask for, with the defaults of a script that says nothing.
public struct ScenarioConfiguration: Hashable, Sendable {
    /// The screen size, scale and safe areas (`device NAME`; default iPhone 8).
    public var device: DeviceProfile = .iphone8
    /// The colours every format draws with (`theme light|dark`).
    public var theme: Theme = .light
    /// Where the emoji come from (`catalog demo|plist|unicode|folder|json`).
    public var catalog: Script.CatalogSource = .demo
    /// The messages the list starts with (`conversation demo|empty`).
    public var conversation: Script.ConversationSource = .demo
    /// Emoji per row of a panel page (`set panel.layout COLUMNSxROWS`).
    public var panelColumns = 8
    /// Rows of a panel page (`set panel.layout COLUMNSxROWS`).
    public var panelRows = 3
    /// How the panel settles after a fling (`set panel.snap uikit|round|projected|none`).
    public var panelSnap: PanelSnapPolicy = .paging
    /// Whether lifting the finger from a long-press preview inserts the emoji
    /// (`set panel.preview-inserts true|false`; default false).
    public var previewInserts = false
    /// How long a finger must rest before a press becomes a long press (`set longpress.duration 500ms`).
    public var longPressDuration = SimDuration.milliseconds(300)
    /// Lines the text view grows to before it scrolls (`set input.max-lines N`).
    public var inputMaxLines = 5
    /// The most characters the text view accepts (`set input.max-length N`); nil: the
    /// input bar's default of 10,000.
    public var inputMaxLength: Int?
    /// Touch samples per second of synthesized gestures (`set touch.rate 60|120`).
    public var touchRate = TesterDefaults.touchRate
    /// The panel's default skin tone (`set panel.default-skin-tone medium`; default none).
    public var defaultSkinTone: SkinTone?
    /// What the panel's first group lists (`set panel.recents recent|frequent`; default recent).
    public var recentsOrder: PanelConfiguration.RecentsOrder = .recent

    /// The configuration of a script with no setup lines.
    public init() {}

    /// Applies one setup line (`ScriptVocabulary.chatScreen`'s setup); another line
    /// changes nothing.
    public mutating func apply(_ setup: Script.Setup) {
        switch setup.words {
        case "device":
            switch setup.arguments.first {
            case .word("iphone14")?: device = .iphone14
            case .size(let w, let h, let s?)?: device = .custom(width: w, height: h, scale: s)
            default: device = .iphone8
            }
        case "theme": theme = setup.text(0) == "dark" ? .dark : .light
        case "catalog": if let c = Script.CatalogSource(setup) { catalog = c }
        case "conversation": conversation = setup.text(0) == "empty" ? .empty : .demo
        case "set":
            let value = setup.arguments.count > 1 ? setup.arguments[1] : nil
            switch setup.text(0) {
            case "panel.layout":
                if case .size(let c, let r, _)? = value { panelColumns = Int(c); panelRows = Int(r) }
            case "panel.snap":
                if let p = PanelSnapPolicy.allCases.first(where: { $0.scriptName == value?.text }) { panelSnap = p }
            case "panel.preview-inserts": previewInserts = value?.text == "true"
            case "longpress.duration": if case .duration(let d)? = value { longPressDuration = d }
            case "input.max-lines": if let n = value?.number { inputMaxLines = n }
            case "input.max-length": if let n = value?.number { inputMaxLength = n }
            case "touch.rate": if let n = value?.number { touchRate = n }
            case "panel.default-skin-tone": defaultSkinTone = value?.text.flatMap { SkinTone(scriptName: $0) }
            case "panel.recents":
                if let o = value?.text.flatMap({ PanelConfiguration.RecentsOrder(rawValue: $0) }) { recentsOrder = o }
            default: break
            }
        default: break
        }
    }

    /// The configuration a script's setup lines describe.
    public init(script: Script) {
        self.init()
        for s in script.setup { apply(s.value) }
    }
}
