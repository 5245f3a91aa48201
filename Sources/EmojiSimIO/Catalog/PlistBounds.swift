import Foundation

/// Checks a property list's shape before Foundation decodes it, so that a small file
/// cannot cost unbounded memory, time or stack.
///
/// A binary plist stores each object once and refers to it by number, so arrays that
/// hold two references to the next array, 40 levels deep, are 203 bytes that Foundation
/// expands into 2^40 objects (issue 18 item 3). This walks the object graph once
/// (O(objects + references), memoised, iterative) and computes the size of the tree
/// Foundation would build: every object counts 1, strings and data 1 per 64 bytes more,
/// and a container its children's expanded sizes, saturating. It also refuses reference
/// cycles, references past the object table, and nesting deeper than `maxDepth` (deep
/// nesting would overflow the decoder's stack). XML plists cannot share objects; for
/// them only the nesting depth is checked (a linear scan of the tags).
enum PlistBounds {
    /// The most objects a decoded plist may expand to. Catalog plists hold a few
    /// thousand entries of a handful of objects each.
    static let maxExpandedObjects = 2_000_000
    static let maxDepth = 256

    struct Violation: Error { var reason: String }

    static func check(_ data: Data) throws(Violation) {
        let bytes = [UInt8](data)
        if bytes.count >= 8, bytes[0..<8].elementsEqual("bplist00".utf8) {
            try checkBinary(bytes)
        } else {
            try checkXMLDepth(bytes)
        }
    }

    // MARK: binary

    static func checkBinary(_ b: [UInt8]) throws(Violation) {
        let n = b.count
        guard n >= 8 + 32 else { throw Violation(reason: "binary property list shorter than its trailer") }
        func be(_ at: Int, _ size: Int) -> Int? {
            guard size >= 1, size <= 8, at >= 0, at + size <= n else { return nil }
            var v: UInt64 = 0
            for i in 0..<size { v = v << 8 | UInt64(b[at + i]) }
            return v > UInt64(Int.max) ? nil : Int(v)
        }
        let t = n - 32
        let offsetSize = Int(b[t + 6]), refSize = Int(b[t + 7])
        guard let count = be(t + 8, 8), let top = be(t + 16, 8), let tableAt = be(t + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(refSize),
              count >= 1, count <= n, top < count,
              tableAt >= 8, count <= (t - tableAt) / offsetSize
        else { throw Violation(reason: "malformed binary property list trailer") }

        func offset(of object: Int) throws(Violation) -> Int {
            guard let o = be(tableAt + object * offsetSize, offsetSize), o >= 8, o < tableAt else {
                throw Violation(reason: "object \(object) has an offset outside the file")
            }
            return o
        }
        /// Count of a variable-length object and where its payload starts.
        func lengthAndStart(_ o: Int) throws(Violation) -> (Int, Int) {
            let low = Int(b[o] & 0x0F)
            if low != 0x0F { return (low, o + 1) }
            guard o + 1 < n, b[o + 1] >> 4 == 0x1 else { throw Violation(reason: "malformed length at byte \(o)") }
            let size = 1 << Int(b[o + 1] & 0x0F)
            guard let len = be(o + 2, size) else { throw Violation(reason: "malformed length at byte \(o)") }
            return (len, o + 2 + size)
        }
        /// The objects a container refers to (empty for scalars), and its own cost.
        func children(_ object: Int) throws(Violation) -> (refs: [Int], own: Int) {
            let o = try offset(of: object)
            let kind = b[o] >> 4
            switch kind {
            case 0x4, 0x5, 0x6:
                let (len, _) = try lengthAndStart(o)
                let bytes = kind == 0x6 ? len.multipliedReportingOverflow(by: 2).partialValue : len
                return ([], 1 + min(bytes, n) / 64)
            case 0xB, 0xC:
                // Sets: XML property lists have none and CFPropertyList never writes them,
                // and Foundation on Linux crashes bridging one (found by the plist fuzzer).
                throw Violation(reason: "set object at byte \(o): property lists hold no sets")
            case 0xA, 0xD:
                let (len, start) = try lengthAndStart(o)
                let refCount = kind == 0xD ? len.multipliedReportingOverflow(by: 2) : (partialValue: len, overflow: false)
                guard !refCount.overflow, refCount.partialValue <= (n - start) / refSize else {
                    throw Violation(reason: "container at byte \(o) has more references than the file holds")
                }
                var refs: [Int] = []
                refs.reserveCapacity(refCount.partialValue)
                for i in 0..<refCount.partialValue {
                    guard let r = be(start + i * refSize, refSize), r < count else {
                        throw Violation(reason: "reference past the object table at byte \(start + i * refSize)")
                    }
                    refs.append(r)
                }
                return (refs, 1)
            default:
                return ([], 1)
            }
        }

        // Iterative post-order walk: cost[i] is -1 unvisited, -2 on the current path.
        var cost = [Int](repeating: -1, count: count)
        struct Frame { var object: Int; var refs: [Int]; var next: Int; var total: Int }
        var stack: [Frame] = []
        func push(_ object: Int) throws(Violation) {
            guard stack.count < maxDepth else { throw Violation(reason: "nested more than \(maxDepth) levels deep") }
            let (refs, own) = try children(object)
            cost[object] = -2
            stack.append(Frame(object: object, refs: refs, next: 0, total: own))
        }
        try push(top)
        while var f = stack.popLast() {
            if f.next < f.refs.count {
                let child = f.refs[f.next]
                f.next += 1
                switch cost[child] {
                case -2: throw Violation(reason: "object \(child) contains itself")
                case -1:
                    stack.append(f)
                    try push(child)
                default:
                    f.total = min(maxExpandedObjects + 1, f.total + cost[child])
                    if f.total > maxExpandedObjects { throw tooBig }
                    stack.append(f)
                }
                continue
            }
            cost[f.object] = f.total
            if var parent = stack.popLast() {
                parent.total = min(maxExpandedObjects + 1, parent.total + f.total)
                if parent.total > maxExpandedObjects { throw tooBig }
                stack.append(parent)
            }
        }
    }

    static var tooBig: Violation {
        Violation(reason: "its shared references expand to more than \(maxExpandedObjects) objects")
    }

    // MARK: XML

    /// Nesting depth of `<array>` and `<dict>`: a byte scan of the tags, O(file size).
    static func checkXMLDepth(_ b: [UInt8]) throws(Violation) {
        var depth = 0
        var i = 0
        let n = b.count
        func matches(_ at: Int, _ word: String) -> Bool {
            var k = at
            for c in word.utf8 { guard k < n, b[k] == c else { return false }; k += 1 }
            // The name ends at '>', '/', or whitespace.
            return k < n && (b[k] == UInt8(ascii: ">") || b[k] == UInt8(ascii: "/") || b[k] <= 0x20)
        }
        while i < n {
            if b[i] == UInt8(ascii: "<") {
                if matches(i + 1, "array") || matches(i + 1, "dict") {
                    // `<array/>` opens and closes at once.
                    var j = i + 1
                    while j < n, b[j] != UInt8(ascii: ">") { j += 1 }
                    if j < n, b[j - 1] != UInt8(ascii: "/") {
                        depth += 1
                        if depth > maxDepth { throw Violation(reason: "nested more than \(maxDepth) levels deep") }
                    }
                    i = j
                    continue
                }
                if i + 1 < n, b[i + 1] == UInt8(ascii: "/"), matches(i + 2, "array") || matches(i + 2, "dict") {
                    depth = max(0, depth - 1)
                }
            }
            i += 1
        }
    }

    // MARK: JSON

    /// Nesting depth of JSON arrays and objects (outside strings), O(file size): the
    /// JSON catalog reader runs it before JSONSerialization for the same reason. It also
    /// refuses a comma right before `]` or `}`, which RFC 8259 forbids but Foundation's
    /// parser lets through (the wasm core's PureJSON refuses it; one format, one rule).
    static func checkJSONDepth(_ data: Data) throws(Violation) {
        var depth = 0, inString = false, escaped = false
        var lastComma = -1 // offset of a comma seen outside strings with only white space after it
        for (i, c) in data.enumerated() {
            if inString {
                if escaped { escaped = false } else if c == UInt8(ascii: "\\") { escaped = true } else if c == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true; lastComma = -1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                lastComma = -1
                if depth > maxDepth { throw Violation(reason: "nested more than \(maxDepth) levels deep") }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if lastComma >= 0 { throw Violation(reason: "a trailing comma at byte \(lastComma) before '\(Character(Unicode.Scalar(c)))'") }
                depth = max(0, depth - 1)
            case UInt8(ascii: ","): lastComma = i
            case 0x20, 0x09, 0x0A, 0x0D: break
            default: lastComma = -1
            }
        }
    }
}
