// What an Xcode project links when it adds EmojiSim's EmojiSimTesting product to its
// test target: here one dynamic library (the fixture's XcodeAppSupport product) that
// Tools/check-consumer.sh links a test file from outside any package against.
@_exported import EmojiSimTesting
@_exported import Raster
@_exported import SimCore
