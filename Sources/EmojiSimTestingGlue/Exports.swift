// `import EmojiSimTesting` gives tests the whole snapshot library: this module is only
// the Swift Testing and XCTest glue (assertions that record issues and attachments, the
// `.snapshots` trait); the strategies, the store, review and reports are
// EmojiSimTestingCore's, which links neither, so the `emojisim` CLI runs without them.
@_exported import EmojiSimTestingCore
