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
        // CoreFoundation takes any file that starts with "bplist0" as binary, whatever the
        // eighth byte says, so the magic this decides on must be at least as wide as
        // Foundation's: a "bplist0\u{B0}" header once slipped past the binary walk into
        // Foundation, whose set bridging then crashed (found by the plist fuzzer). Only
        // version 00 exists; anything else that claims to be binary is refused here.
        if bytes.count >= 6, bytes[0..<6].elementsEqual("bplist".utf8) {
            guard bytes.count >= 8, bytes[6] == UInt8(ascii: "0"), bytes[7] == UInt8(ascii: "0") else {
                throw Violation(reason: "binary property list of an unknown version (bytes 6-7 are not \"00\")")
            }
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
        /// Refuses an object whose payload (`count` units of `unit` bytes from `start`)
        /// runs past the objects, into the offset table or past the end: Foundation
        /// refuses such a file too, but then retries it as text and reports an XML
        /// error ("Unexpected character b at line 1") with no place in the file.
        func fits(_ o: Int, _ start: Int, _ count: Int, unit: Int = 1, _ what: String) throws(Violation) {
            let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
            guard !overflow, start <= tableAt, bytes <= tableAt - start else {
                throw Violation(reason: "\(what) at byte \(o) declares \(count) \(unit == 1 ? "byte" : "unit")\(count == 1 ? "" : "s"), past the end of the objects (byte \(tableAt))")
            }
        }
        /// The objects a container refers to (empty for scalars), and its own cost.
        func children(_ object: Int) throws(Violation) -> (refs: [Int], own: Int) {
            let o = try offset(of: object)
            let kind = b[o] >> 4
            switch kind {
            case 0x1, 0x2:
                // Integers of 1 to 16 bytes, reals of 4 or 8: 2^low bytes.
                let low = Int(b[o] & 0x0F)
                guard low <= 4 else { throw Violation(reason: "malformed \(kind == 1 ? "integer" : "real") size at byte \(o)") }
                try fits(o, o + 1, 1 << low, kind == 1 ? "integer" : "real")
                return ([], 1)
            case 0x3:
                try fits(o, o + 1, 8, "date")
                return ([], 1)
            case 0x4, 0x5, 0x6:
                let (len, start) = try lengthAndStart(o)
                try fits(o, start, len, unit: kind == 0x6 ? 2 : 1, kind == 0x4 ? "data" : "string")
                let bytes = kind == 0x6 ? len.multipliedReportingOverflow(by: 2).partialValue : len
                return ([], 1 + min(bytes, n) / 64)
            case 0x8:
                try fits(o, o + 1, Int(b[o] & 0x0F) + 1, "UID")
                return ([], 1)
            case 0xB, 0xC:
                // Sets: XML property lists have none and CFPropertyList never writes them,
                // and Foundation on Linux crashes bridging one (found by the plist fuzzer).
                throw Violation(reason: "set object at byte \(o): property lists hold no sets")
            case 0xA, 0xD:
                let (len, start) = try lengthAndStart(o)
                let refCount = kind == 0xD ? len.multipliedReportingOverflow(by: 2) : (partialValue: len, overflow: false)
                guard !refCount.overflow, start <= tableAt, refCount.partialValue <= (tableAt - start) / refSize else {
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

    /// Element nesting depth of an XML property list: a byte scan of the markup,
    /// O(file size). Every element counts, not only `<array>` and `<dict>`: Foundation's
    /// parser recurses on each element it meets (`<string>` inside `<string>`, or tags
    /// it does not know, nested 170,000 deep, overflowed its stack). Comments, CDATA
    /// sections, processing instructions and the DOCTYPE (with its internal subset) are
    /// skipped whole, and `>` inside a quoted attribute value does not end a tag, so
    /// nothing in them counts. A tag that never ends is left to Foundation, which
    /// refuses it. The offset in a violation is the byte where the level too many starts.
    static func checkXMLDepth(_ b: [UInt8]) throws(Violation) {
        let n = b.count
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        /// The index just past `terminator` found at or after `from`, or n.
        func skip(past terminator: String, from: Int) -> Int {
            let t = Array(terminator.utf8)
            var k = from
            while k + t.count <= n {
                if b[k] == t[0] && b[k..<(k + t.count)].elementsEqual(t) { return k + t.count }
                k += 1
            }
            return n
        }
        func starts(_ at: Int, _ word: String) -> Bool {
            let w = Array(word.utf8)
            return at + w.count <= n && b[at..<(at + w.count)].elementsEqual(w)
        }
        var depth = 0
        var i = 0
        while i < n {
            guard b[i] == lt else { i += 1; continue }
            if starts(i, "<!--") { i = skip(past: "-->", from: i + 4); continue }
            if starts(i, "<![CDATA[") { i = skip(past: "]]>", from: i + 9); continue }
            if starts(i, "<?") { i = skip(past: "?>", from: i + 2); continue }
            if starts(i, "<!") {
                // <!DOCTYPE ...>, possibly with an internal subset in [...].
                var k = i + 2, bracket = 0
                while k < n, !(b[k] == gt && bracket == 0) {
                    if b[k] == UInt8(ascii: "[") { bracket += 1 } else if b[k] == UInt8(ascii: "]") { bracket = max(0, bracket - 1) }
                    k += 1
                }
                i = k + 1
                continue
            }
            let closing = i + 1 < n && b[i + 1] == slash
            // The end of the tag, past quoted attribute values.
            var k = i + 1, quote: UInt8 = 0
            while k < n {
                let c = b[k]
                if quote != 0 { if c == quote { quote = 0 } } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c } else if c == gt { break }
                k += 1
            }
            if closing {
                depth = max(0, depth - 1)
            } else if k < n && b[k - 1] != slash {
                depth += 1
                if depth > maxDepth { throw Violation(reason: "elements nested more than \(maxDepth) levels deep (at byte \(i))") }
            }
            i = k + 1
        }
    }
}
