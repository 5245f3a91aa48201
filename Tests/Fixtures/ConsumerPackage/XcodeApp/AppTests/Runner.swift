// The test bundle's entry point, as Xcode's test host provides one: Swift Testing's.
import Testing

@main struct Runner {
    static func main() async {
        await Testing.__swiftPMEntryPoint() as Never
    }
}
