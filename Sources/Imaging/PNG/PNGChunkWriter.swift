/// Appends PNG chunks (length, type, data, CRC-32) to a byte array.
struct PNGChunkWriter {
    var bytes: [UInt8] = PNGStructure.signature

    mutating func append(_ type: StaticString, _ data: [UInt8]) {
        append(PNGStructure.fourCC(type), data)
    }

    mutating func append(_ type: UInt32, _ data: [UInt8]) {
        appendBE32(UInt32(data.count))
        let start = bytes.count
        appendBE32(type)
        bytes.append(contentsOf: data)
        let crc = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        appendBE32(crc)
    }

    mutating func appendBE32(_ v: UInt32) {
        bytes.append(UInt8(v >> 24)); bytes.append(UInt8((v >> 16) & 0xff))
        bytes.append(UInt8((v >> 8) & 0xff)); bytes.append(UInt8(v & 0xff))
    }

    /// Big-endian fields for chunk payloads.
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8((v >> 24) & 0xff), UInt8((v >> 16) & 0xff), UInt8((v >> 8) & 0xff), UInt8(v & 0xff)]
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8((v >> 8) & 0xff), UInt8(v & 0xff)] }
}
