import Testing
@testable import EmojiSimCoreABI

/// Issue 47, item 17: a wasm call that traps leaves the instance answering over
/// half-changed state; the exports find the state still busy and refuse every call with
/// `.instanceFailed` from then on. (The trap itself is wasm only: Tools/wasm/run-node.mjs
/// makes one; here the state a trap leaves is set by hand.)
@Suite(.serialized) struct CoreABIAfterTrapTests {
    @Test func everyExportRefusesAfterACallThatNeverReturned() {
        #expect(esim_images_clear() == 0)
        let buffer = esim_alloc(16)
        #expect(buffer != nil)
        abiState.callInProgress = true          // what a trap inside a call leaves
        defer { abiState.callInProgress = false }
        #expect(esim_images_clear() == CoreABI.Status.instanceFailed.rawValue)
        #expect(esim_screen_trace(1) == CoreABI.Status.instanceFailed.rawValue)
        #expect(esim_free(buffer) == CoreABI.Status.instanceFailed.rawValue)
        #expect(esim_alloc(16) == nil)
        #expect(String(decoding: abiState.error, as: UTF8.self) == CoreABI.instanceFailedMessage)
        abiState.callInProgress = false
        #expect(esim_free(buffer) == 0)
    }

    @Test func aCallThatReturnsLeavesTheStateFree() {
        #expect(esim_screen_trace(987_654) == CoreABI.Status.noSuchScreen.rawValue)
        #expect(!abiState.callInProgress)
        #expect(esim_images_clear() == 0)
    }
}
