import Foundation
import SimCore

/// Typed access to a decoded property list, turning every wrong type or missing key
/// into a `CatalogImportError` that names the file, entry and key. Reads XML and binary
/// plists alike (PropertyListSerialization does both on Linux).
struct PlistReader {
    let file: String

    /// Upper bound on a plist we agree to parse; catalogs are small, and this keeps a
    /// hostile or mistaken input from costing unbounded memory.
    static let maxBytes = 64 << 20

    func load(_ url: URL) throws(CatalogImportError) -> Any {
        let data = try CatalogFile.read(url, file: file, maxBytes: Self.maxBytes)
        // Foundation expands a binary plist's shared references and recurses on nesting:
        // bound both before it sees the bytes.
        do { try PlistBounds.check(data) } catch {
            throw CatalogImportError(file: file, message: "property list refused: \(error.reason)")
        }
        do {
            return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            // Foundation retries a binary plist it cannot decode as text, so its message
            // is about XML ("Unexpected character b at line 1"): not said of a binary one.
            if data.starts(with: Array("bplist".utf8)) {
                throw CatalogImportError(file: file, message: "malformed binary property list (an object in it does not decode)")
            }
            throw CatalogImportError(file: file, message: "malformed property list (\(Self.reason(error)))")
        }
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let debug = ns.userInfo["NSDebugDescription"] as? String { return debug }
        return ErrorText.describe(error)
    }

    func array(_ value: Any, entry: Int? = nil, key: String? = nil) throws(CatalogImportError) -> [Any] {
        guard let a = value as? [Any] else {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "expected an array, found \(Self.kind(value))")
        }
        return a
    }

    func dictionary(_ value: Any, entry: Int? = nil, key: String? = nil) throws(CatalogImportError) -> [String: Any] {
        guard let d = value as? [String: Any] else {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a dictionary, found \(Self.kind(value))")
        }
        return d
    }

    func string(_ dict: [String: Any], _ key: String, entry: Int?) throws(CatalogImportError) -> String {
        guard let v = dict[key] else { throw CatalogImportError(file: file, entry: entry, key: key, message: "missing") }
        guard let s = v as? String else {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a string, found \(Self.kind(v))")
        }
        return s
    }

    func optionalString(_ dict: [String: Any], _ key: String, entry: Int?) throws(CatalogImportError) -> String? {
        guard let v = dict[key] else { return nil }
        guard let s = v as? String else {
            throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a string, found \(Self.kind(v))")
        }
        return s
    }

    /// A number stored as an `<integer>`, a `<real>` or a `<string>` holding a decimal
    /// number (the seeds' plists use all three for width and height: `<integer>64`,
    /// `<real>32</real>`, `<string>64</string>`). A string must be a plain decimal,
    /// `[+-]digits[.digits][e[+-]digits]` with optional spaces or tabs around it
    /// (`Self.decimal`); `0x40`, `inf`, `nan`, `1,5` are refused, and a real must be finite.
    func optionalNumber(_ dict: [String: Any], _ key: String, entry: Int?) throws(CatalogImportError) -> Double? {
        guard let v = dict[key] else { return nil }
        if let s = v as? String {
            guard let d = Self.decimal(s) else {
                throw CatalogImportError(file: file, entry: entry, key: key,
                                         message: "expected a number, found the string \(CatalogImportError.echo(s))")
            }
            return d
        }
        if Self.isBoolean(v) { throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a number, found a boolean") }
        if let n = v as? NSNumber {
            // A plist <real> may hold nan or inf; neither is a number any key accepts.
            guard n.doubleValue.isFinite else {
                throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a finite number, found \(n.doubleValue)")
            }
            return n.doubleValue
        }
        throw CatalogImportError(file: file, entry: entry, key: key, message: "expected a number, found \(Self.kind(v))")
    }

    /// The value of a numeric string as the plist formats accept it: optional spaces or
    /// tabs, an optional sign, digits with an optional fraction (`64`, `32.5`, `.5` is
    /// refused), an optional exponent, nothing else; nil otherwise or when not finite.
    /// O(length).
    static func decimal(_ s: String) -> Double? {
        let b = Array(s.utf8)
        var i = 0, end = b.count
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func isDigit(_ k: Int) -> Bool { k < end && b[k] >= 0x30 && b[k] <= 0x39 }
        while i < end, isSpace(b[i]) { i += 1 }
        while end > i, isSpace(b[end - 1]) { end -= 1 }
        let start = i
        if i < end, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return nil }
        while isDigit(i) { i += 1 }
        if i < end, b[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return nil }
            while isDigit(i) { i += 1 }
        }
        if i < end, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < end, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { return nil }
            while isDigit(i) { i += 1 }
        }
        guard i == end, let d = Double(String(decoding: b[start..<end], as: UTF8.self)), d.isFinite else { return nil }
        return d
    }

    /// The largest declared emoji width or height, in points: far above any real emoji
    /// (the tallest device is 4096 pt), small enough that every later computation on it
    /// (@1x to @3x pixel sizes, layout) stays exact in Int and Double.
    static let maxDimension = 10_000.0

    /// A declared width or height: a number from 0 to `maxDimension` points. Every
    /// catalog format reads sizes through this, so no importer hands on 1e300 or -0.5.
    func optionalDimension(_ dict: [String: Any], _ key: String, entry: Int?) throws(CatalogImportError) -> Double? {
        guard let d = try optionalNumber(dict, key, entry: entry) else { return nil }
        guard d >= 0, d <= Self.maxDimension else {
            throw CatalogImportError(file: file, entry: entry, key: key,
                                     message: "size \(plainDecimal(d)) is out of range (0 to \(Int(Self.maxDimension)) points)")
        }
        return d == 0 ? 0 : d // -0 is a size of 0 (as the wasm core reads it)
    }

    /// True for plist `<true/>`/`<false/>` and JSON `true`/`false`. `v is Bool` is not
    /// enough on Linux, where an integer NSNumber 0 or 1 also casts to Bool; the
    /// Objective-C type code of a real boolean is "c".
    static func isBoolean(_ v: Any) -> Bool {
        if let n = v as? NSNumber { return String(cString: n.objCType) == "c" }
        return v is Bool
    }

    static func kind(_ v: Any) -> String {
        if isBoolean(v) { return "a boolean" }
        switch v {
        case is String: return "a string"
        case is NSNumber: return "a number"
        case is [Any]: return "an array"
        case is [String: Any]: return "a dictionary"
        case is Data: return "data"
        case is Date: return "a date"
        default: return "a value of another type"
        }
    }
}
