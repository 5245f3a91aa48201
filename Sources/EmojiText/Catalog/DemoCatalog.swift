import SimCore

/// The built-in demo catalog: what `swift run emojisim` shows and what tests and
/// scenarios use when they need a realistic catalog without files.
///
/// | group | codes | images |
/// |---|---|---|
/// | `经典` | 64 descriptions such as `[微笑]` `[笑哭]` `[哈哈]` | Noto stills `emoji_u1f642.png`...; 4 animated: `[哈哈]` haha.gif, `[眨眼]` wink.gif, `[跳跳]` bounce.gif, `[转圈]` spin.gif |
/// | `Seed` | file-name codes `[f056]`...`[f059]` | all animated: f056.gif ... f059.gif |
/// | `Emoji` | 96 Unicode emoji: faces, hearts, hands with skin tones, ZWJ sequences, 12 flags, 12 keycaps | the Noto still when one exists, else nil (drawn as text) |
///
/// Every static image name is a file of the Noto Color Emoji 64 px set (OFL); the
/// animated ones are made from the Noto stills listed in `demoAnimationSources`.
/// Image sizes are 32 x 32 points (the 64 px files at scale 2).
extension EmojiCatalog {
    /// The demo catalog described above, built once on first use (a global, so every
    /// screen and test shares one instance and its indexes).
    public static let demo: EmojiCatalog = {
        do throws(EmojiCatalogError) {
            return try EmojiCatalog(groups: [DemoCatalogData.classic(), DemoCatalogData.seed(), DemoCatalogData.unicode()])
        } catch {
            // The data below is fixed and covered by tests; this cannot fail at run time.
            fatalError("demo catalog is invalid: \(error)")
        }
    }()

    /// Which Noto still each animated demo image is generated from (imageName -> Noto
    /// file name), for the GIF generator.
    ///
    /// | animated image | code | made from |
    /// |---|---|---|
    /// | haha.gif | `[哈哈]` | emoji_u1f606.png (grinning squinting face) |
    /// | wink.gif | `[眨眼]` | emoji_u1f609.png (winking face) |
    /// | bounce.gif | `[跳跳]` | emoji_u1f973.png (partying face) |
    /// | spin.gif | `[转圈]` | emoji_u1f635.png (face with crossed-out eyes) |
    /// | f056.gif | `[f056]` | emoji_u1f639.png (cat with tears of joy) |
    /// | f057.gif | `[f057]` | emoji_u1f63a.png (grinning cat) |
    /// | f058.gif | `[f058]` | emoji_u1f63b.png (smiling cat with heart-eyes) |
    /// | f059.gif | `[f059]` | emoji_u1f640.png (weary cat) |
    public static let demoAnimationSources: [String: String] = [
        "haha.gif": "emoji_u1f606.png",
        "wink.gif": "emoji_u1f609.png",
        "bounce.gif": "emoji_u1f973.png",
        "spin.gif": "emoji_u1f635.png",
        "f056.gif": "emoji_u1f639.png",
        "f057.gif": "emoji_u1f63a.png",
        "f058.gif": "emoji_u1f63b.png",
        "f059.gif": "emoji_u1f640.png",
    ]
}

/// The demo catalog's tables.
enum DemoCatalogData {
    static let imageSize = Size(width: 32, height: 32)

    /// (code, image: Noto code point(s) in hex or a .gif name, English meaning)
    static let classicRows: [(String, String, String)] = [
        ("微笑", "1f642", "smile"),
        ("笑哭", "1f602", "tears of joy"),
        ("哈哈", "haha.gif", "haha"),
        ("眨眼", "wink.gif", "wink"),
        ("跳跳", "bounce.gif", "bounce"),
        ("转圈", "spin.gif", "spin"),
        ("色", "1f60d", "heart eyes"),
        ("得意", "1f60e", "cool"),
        ("流泪", "1f622", "tear"),
        ("大哭", "1f62d", "sob"),
        ("害羞", "1f60a", "shy"),
        ("闭嘴", "1f910", "zip it"),
        ("睡", "1f634", "sleep"),
        ("尴尬", "1f62c", "awkward"),
        ("发怒", "1f621", "angry"),
        ("调皮", "1f61c", "naughty"),
        ("呲牙", "1f601", "grin"),
        ("惊讶", "1f62e", "surprised"),
        ("难过", "1f641", "sad"),
        ("抓狂", "1f62b", "frantic"),
        ("吐", "1f92e", "vomit"),
        ("偷笑", "1f92d", "chuckle"),
        ("愉快", "1f600", "happy"),
        ("白眼", "1f644", "eye roll"),
        ("傲慢", "1f60f", "smirk"),
        ("困", "1f62a", "sleepy"),
        ("惊恐", "1f631", "scream"),
        ("流汗", "1f605", "sweat"),
        ("憨笑", "1f603", "big smile"),
        ("奋斗", "1f624", "determined"),
        ("咒骂", "1f92c", "curse"),
        ("疑问", "1f914", "thinking"),
        ("嘘", "1f92b", "shush"),
        ("晕", "1f974", "dizzy"),
        ("衰", "1f61e", "unlucky"),
        ("骷髅", "1f480", "skull"),
        ("爱心", "2764", "heart"),
        ("心碎", "1f494", "broken heart"),
        ("便便", "1f4a9", "poop"),
        ("鬼魂", "1f47b", "ghost"),
        ("外星人", "1f47d", "alien"),
        ("机器人", "1f916", "robot"),
        ("恶魔", "1f608", "devil"),
        ("天使", "1f607", "angel"),
        ("亲亲", "1f618", "kiss"),
        ("可怜", "1f97a", "pleading"),
        ("发财", "1f911", "rich"),
        ("生病", "1f912", "sick"),
        ("口罩", "1f637", "mask"),
        ("冷", "1f976", "cold"),
        ("热", "1f975", "hot"),
        ("炸裂", "1f92f", "mind blown"),
        ("书呆子", "1f913", "nerd"),
        ("无语", "1f611", "speechless"),
        ("委屈", "1f979", "wronged"),
        ("哈欠", "1f971", "yawn"),
        ("抱抱", "1f917", "hug"),
        ("敬礼", "1fae1", "salute"),
        ("融化", "1fae0", "melting"),
        ("小丑", "1f921", "clown"),
        ("馋", "1f60b", "yummy"),
        ("撇嘴", "1f612", "pout"),
        ("发呆", "1f610", "blank stare"),
        ("擦汗", "1f613", "phew"),
    ]

    static func classic() -> EmojiGroup {
        let emojis = classicRows.map { code, image, en -> Emoji in
            let animated = image.hasSuffix(".gif")
            return Emoji(code: code, kind: animated ? .animatedImage : .staticImage,
                         imageName: animated ? image : "emoji_u" + image + ".png", size: imageSize,
                         meanings: ["": code, "en": en], group: "经典")
        }
        return EmojiGroup(name: "经典", titles: ["": "经典", "en": "Classic"], emojis: emojis)
    }

    /// The seed's file-name codes: (code, default meaning, English meaning).
    static let seedRows: [(String, String, String)] = [
        ("f056", "猫笑哭", "cat with tears of joy"),
        ("f057", "猫开心", "grinning cat"),
        ("f058", "猫花痴", "cat in love"),
        ("f059", "猫惊恐", "weary cat"),
    ]

    static func seed() -> EmojiGroup {
        let emojis = seedRows.map { code, zh, en in
            Emoji(code: code, kind: .animatedImage, imageName: code + ".gif", size: imageSize,
                  meanings: ["": zh, "en": en], keywords: ["cat", "猫"], group: "Seed")
        }
        return EmojiGroup(name: "Seed", titles: ["": "动图", "en": "Seed"], emojis: emojis)
    }

    static let tones: [String] = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"]

    /// (emoji, default meaning, English name, skin-tone modifiers with a Noto file,
    /// whether a Noto still exists for the emoji itself)
    static let unicodeRows: [(String, String, String, Int, Bool)] = [
        ("\u{1F604}", "开心", "grinning face with smiling eyes", 0, true),
        ("\u{1F606}", "大笑", "grinning squinting face", 0, true),
        ("\u{263A}\u{FE0F}", "微笑脸", "smiling face", 0, true),
        ("\u{1F970}", "爱慕", "smiling face with hearts", 0, true),
        ("\u{1F929}", "崇拜", "star-struck", 0, true),
        ("\u{1F61D}", "吐舌", "squinting face with tongue", 0, true),
        ("\u{1F92A}", "疯狂", "zany face", 0, true),
        ("\u{1FAE2}", "捂嘴", "face with open eyes and hand over mouth", 0, true),
        ("\u{1FAE3}", "偷看", "face with peeking eye", 0, true),
        ("\u{1F928}", "挑眉", "face with raised eyebrow", 0, true),
        ("\u{1F636}", "沉默", "face without mouth", 0, true),
        ("\u{1FAE5}", "隐身", "dotted line face", 0, true),
        ("\u{1F925}", "说谎", "lying face", 0, true),
        ("\u{1FAE8}", "颤抖", "shaking face", 0, true),
        ("\u{1F60C}", "释然", "relieved face", 0, true),
        ("\u{1F614}", "沉思", "pensive face", 0, true),
        ("\u{1F924}", "流口水", "drooling face", 0, true),
        ("\u{1F915}", "受伤", "face with head-bandage", 0, true),
        ("\u{1F922}", "恶心", "nauseated face", 0, true),
        ("\u{1F927}", "打喷嚏", "sneezing face", 0, true),
        ("\u{1F978}", "伪装", "disguised face", 0, true),
        ("\u{1F9D0}", "单片眼镜", "face with monocle", 0, true),
        ("\u{1F615}", "困惑", "confused face", 0, true),
        ("\u{1FAE4}", "撇嘴脸", "face with diagonal mouth", 0, true),
        ("\u{1F61F}", "担心", "worried face", 0, true),
        ("\u{2639}\u{FE0F}", "皱眉", "frowning face", 0, true),
        ("\u{1F973}", "派对", "partying face", 0, true),
        ("\u{1F9E1}", "橙心", "orange heart", 0, true),
        ("\u{1F49B}", "黄心", "yellow heart", 0, true),
        ("\u{1F49A}", "绿心", "green heart", 0, true),
        ("\u{1F499}", "蓝心", "blue heart", 0, true),
        ("\u{1F49C}", "紫心", "purple heart", 0, true),
        ("\u{1F5A4}", "黑心", "black heart", 0, true),
        ("\u{1F90D}", "白心", "white heart", 0, true),
        ("\u{1F4AF}", "一百分", "hundred points", 0, true),
        ("\u{2728}", "闪亮", "sparkles", 0, true),
        ("\u{1F44B}", "挥手", "waving hand", 5, true),
        ("\u{1F91A}", "举手", "raised back of hand", 5, true),
        ("\u{1F590}\u{FE0F}", "张开手", "hand with fingers splayed", 2, true),
        ("\u{1F44C}", "好的", "OK hand", 5, true),
        ("\u{1F90C}", "捏手指", "pinched fingers", 5, true),
        ("\u{1F448}", "左指", "backhand index pointing left", 5, true),
        ("\u{1F449}", "右指", "backhand index pointing right", 5, true),
        ("\u{1F44F}", "鼓掌", "clapping hands", 5, true),
        ("\u{1F64C}", "举双手", "raising hands", 5, true),
        ("\u{1FAF6}", "比心", "heart hands", 2, true),
        ("\u{1F44D}", "赞", "thumbs up", 0, true),
        ("\u{1F44E}", "踩", "thumbs down", 0, true),
        ("\u{1F64F}", "祈祷", "folded hands", 0, true),
        ("\u{270C}\u{FE0F}", "胜利", "victory hand", 0, true),
        ("\u{1F91E}", "祝好运", "crossed fingers", 0, true),
        ("\u{1F91D}", "握手", "handshake", 0, true),
        ("\u{1F9D1}\u{200D}\u{1F91D}\u{200D}\u{1F9D1}", "手拉手", "people holding hands", 0, true),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "家庭", "family: man, woman, girl", 0, false),
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "四口之家", "family: man, woman, girl, boy", 0, false),
        ("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F466}", "两位妈妈", "family: woman, woman, boy", 0, false),
        ("\u{2764}\u{FE0F}\u{200D}\u{1F525}", "燃烧的心", "heart on fire", 0, false),
        ("\u{1F436}", "狗", "dog face", 0, true),
        ("\u{1F431}", "猫", "cat face", 0, true),
        ("\u{1F98A}", "狐狸", "fox", 0, true),
        ("\u{1F981}", "狮子", "lion", 0, true),
        ("\u{1F42F}", "老虎", "tiger face", 0, true),
        ("\u{1F984}", "独角兽", "unicorn", 0, true),
        ("\u{1F34E}", "苹果", "red apple", 0, true),
        ("\u{1F349}", "西瓜", "watermelon", 0, true),
        ("\u{1F353}", "草莓", "strawberry", 0, true),
        ("\u{1F951}", "牛油果", "avocado", 0, true),
        ("\u{1F389}", "庆祝", "party popper", 0, true),
        ("\u{1F388}", "气球", "balloon", 0, true),
        ("\u{1F384}", "圣诞树", "Christmas tree", 0, true),
        ("\u{1F383}", "南瓜灯", "jack-o-lantern", 0, true),
        ("\u{1F9E8}", "爆竹", "firecracker", 0, true),
    ]

    /// Flags (two regional indicators each): (letters, Chinese name, English name).
    static let flagRows: [(String, String, String)] = [
        ("AC", "阿森松岛", "Ascension Island"), ("AD", "安道尔", "Andorra"),
        ("AE", "阿联酋", "United Arab Emirates"), ("AF", "阿富汗", "Afghanistan"),
        ("AG", "安提瓜和巴布达", "Antigua & Barbuda"), ("AI", "安圭拉", "Anguilla"),
        ("AL", "阿尔巴尼亚", "Albania"), ("AM", "亚美尼亚", "Armenia"),
        ("AO", "安哥拉", "Angola"), ("AQ", "南极洲", "Antarctica"),
        ("AR", "阿根廷", "Argentina"), ("AS", "美属萨摩亚", "American Samoa"),
    ]

    static let keycapBases: [String] = ["#", "*", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]

    static func unicode() -> EmojiGroup {
        func make(_ code: String, _ zh: String, _ en: String, tones: Int, image: Bool, keywords: [String] = []) -> Emoji {
            var variants: [String] = []
            if tones > 0 {
                // The modifier follows the base scalar; U+FE0F is dropped before it.
                let base = String(String.UnicodeScalarView(code.unicodeScalars.filter { $0.value != 0xFE0F }))
                variants = Self.tones.prefix(tones).map { base + $0 }
            }
            return Emoji(code: code, kind: .unicode, imageName: image ? Emoji.notoImageName(for: code) : nil,
                         size: image ? imageSize : nil, meanings: ["": zh, "en": en],
                         keywords: [en] + keywords, group: "Emoji", skinToneVariants: variants)
        }
        var emojis = unicodeRows.map { make($0.0, $0.1, $0.2, tones: $0.3, image: $0.4) }
        // The holding-hands sequence has Noto files for two same-tone variants.
        if let i = emojis.firstIndex(where: { $0.meanings["en"] == "people holding hands" }) {
            emojis[i].skinToneVariants = ["\u{1F3FB}", "\u{1F3FC}"].map {
                "\u{1F9D1}" + $0 + "\u{200D}\u{1F91D}\u{200D}\u{1F9D1}" + $0
            }
        }
        for (letters, zh, en) in flagRows {
            let flag = String(String.UnicodeScalarView(letters.unicodeScalars.map {
                Unicode.Scalar(0x1F1E6 + $0.value - 0x41)!
            }))
            emojis.append(make(flag, zh + "国旗", "flag: " + en, tones: 0, image: true, keywords: ["flag", "国旗", letters]))
        }
        for base in keycapBases {
            emojis.append(make(base + "\u{FE0F}\u{20E3}", "按键" + base, "keycap: " + base, tones: 0, image: true, keywords: ["keycap"]))
        }
        return EmojiGroup(name: "Emoji", titles: ["": "表情符号", "en": "Emoji"], emojis: emojis)
    }
}
