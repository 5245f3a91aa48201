import Testing
@testable import ChatUI

@Suite struct DeviceProfileTests {
    @Test func builtInProfiles() {
        #expect(DeviceProfile.iphone8.size.width == 375 && DeviceProfile.iphone8.scale == 2)
        #expect(DeviceProfile.iphone14.size.height == 844 && DeviceProfile.iphone14.scale == 3)
        #expect(DeviceProfile.custom(width: 320, height: 568, scale: 2).name == "320x568@2")
    }
}
