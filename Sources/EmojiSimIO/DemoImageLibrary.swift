import Imaging

extension ImageLibrary {
    /// A library of every bundled demo image (`Resources/DemoAssets`: the Noto stills
    /// `emoji_u*.png` and the generated GIFs `f056.gif`...`spin.gif`), registered by file
    /// name. Only the bytes are read here; each image's metadata is parsed when it is
    /// first asked for and its pixels when a frame is.
    ///
    /// - Parameter limits: The decoding limits applied to each image when it is decoded.
    /// - Returns: A new library; each call reads the files again, so callers that render
    ///   many screens should share one.
    /// - Throws: ``BundledResources/MissingResource`` when a listed file cannot be read.
    /// - Complexity: O(*n*) in the total size of the demo assets (bytes are copied, not decoded).
    public static func bundledDemoAssets(limits: ImageLimits = .default) throws -> ImageLibrary {
        let library = ImageLibrary(limits: limits)
        for name in BundledResources.list("DemoAssets") where name.hasSuffix(".png") || name.hasSuffix(".gif") {
            library.register(name, bytes: try BundledResources.bytes("DemoAssets/" + name))
        }
        return library
    }
}
