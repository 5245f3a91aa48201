import Foundation
// SwiftPM generates Bundle.module for the EmojiSimIO target; the fuzz build has no
// resources (the bundled catalogs are not what is fuzzed).
extension Bundle { static var module: Bundle { Bundle.main } }
