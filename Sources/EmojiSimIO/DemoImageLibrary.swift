import Imaging

extension ImageLibrary {
    /// A library of every bundled demo image (`Resources/DemoAssets`: the Noto stills
    /// `emoji_u*.png` and the generated GIFs `f056.gif`...`spin.gif`), registered by file
    /// name. Only the bytes are read here; each image's metadata is parsed when it is
    /// first asked for and its pixels when a frame is.
    public static func bundledDemoAssets(limits: ImageLimits = .default) throws -> ImageLibrary {
        let library = ImageLibrary(limits: limits)
        for name in BundledResources.list("DemoAssets") where name.hasSuffix(".png") || name.hasSuffix(".gif") {
            library.register(name, bytes: try BundledResources.bytes("DemoAssets/" + name))
        }
        return library
    }
}
