// Compiled into every module of the Embedded build (Tools/wasm/build.sh), never into the
// native one. Embedded Swift has no reflection: `"\(x)"` of a value whose type is not
// CustomStringConvertible (or TextOutputStreamable) — an enum, even one with String raw
// values, a struct, an Optional, an array, a tuple — prints "(cannot print value in
// embedded Swift)" where the native build prints the case name or the fields. This
// overload shadows the standard library's unconstrained one (the constrained ones still
// win for printable types), so the compiler flags each such site with a deprecation
// warning, which build.sh turns into a build failure; its body never runs in a
// passing build. Fix a site with an explicit name (`.name`, `.rawValue`, a `description`).
extension DefaultStringInterpolation {
    @available(*, deprecated, message: "EMBEDDED-UNPRINTABLE: this value prints as \"(cannot print value in embedded Swift)\" in the wasm build; interpolate a name or description instead")
    mutating func appendInterpolation<T>(_ value: T) {
        appendLiteral("(cannot print value in embedded Swift)")
    }
}
