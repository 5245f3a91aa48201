import Foundation
import Imaging
import Raster
import Scenario

/// Runs scenario files and checks their snapshots against references
/// (`<snapshots>/<script stem>/<name>.<ext>`), under the same record modes as
/// `assertSnapshot`. What `emojisim run` and the example-scenario tests share.
public struct ScenarioVerifier {
    /// Makes the screen for a script: its configuration and the script's folder (for
    /// relative catalog paths).
    public typealias HostFactory = (ScenarioConfiguration, URL) throws -> any ScenarioHost

    /// Where references live; nil renders without comparing (status `unchecked`).
    public var snapshotsRoot: URL?
    public var record: RecordMode
    public var runner: ScenarioRunner
    public var makeHost: HostFactory

    public init(snapshotsRoot: URL?, record: RecordMode, runner: ScenarioRunner, makeHost: @escaping HostFactory) {
        self.snapshotsRoot = snapshotsRoot; self.record = record; self.runner = runner; self.makeHost = makeHost
    }

    /// How one snapshot compared.
    public enum Status: Hashable, Sendable {
        /// Rendered only: no references to compare with.
        case unchecked
        case matched
        /// Written as a new or updated reference (by the record mode).
        case recorded
        /// No reference, and the record mode does not write one.
        case missing
        /// Differs from the reference: a unified diff for text, a summary for images.
        case mismatch(String)
    }

    public struct SnapshotCheck: Sendable {
        public var output: SnapshotOutput
        /// The reference file (nil when not comparing).
        public var reference: URL?
        public var status: Status
        /// The reference's bytes when one existed (for reports).
        public var referenceBytes: [UInt8]?
        /// For image mismatches: a picture of the differing pixels (PNG bytes).
        public var diffImage: [UInt8]?

        public init(output: SnapshotOutput, reference: URL?, status: Status, referenceBytes: [UInt8]? = nil, diffImage: [UInt8]? = nil) {
            self.output = output; self.reference = reference; self.status = status
            self.referenceBytes = referenceBytes; self.diffImage = diffImage
        }

        public var passed: Bool { status == .matched || status == .recorded || status == .unchecked }
    }

    public struct Verification: Sendable {
        public var script: URL
        public var result: ScenarioResult
        public var snapshots: [SnapshotCheck]
        public var passed: Bool { result.passed && snapshots.allSatisfy(\.passed) }

        /// One line per problem, as `FILE:LINE:COL: error: ...`.
        public var problems: [String] {
            let file = script.lastPathComponent
            var out: [String] = []
            if let f = result.failure { out.append(f.description) }
            for e in result.expectations where !e.passed { out.append(e.message(file: file)) }
            for s in snapshots {
                switch s.status {
                case .matched, .recorded, .unchecked: break
                case .missing:
                    out.append("\(file):\(s.output.line):1: error: snapshot \(s.output.fileName): no reference at \(s.reference?.path ?? "?") (record with --record missing)")
                case .mismatch(let why):
                    out.append("\(file):\(s.output.line):1: error: snapshot \(s.output.fileName) differs from its reference\n\(why)")
                }
            }
            return out
        }
    }

    /// The script's references folder: `<root>/<script stem>/`.
    public func referenceFolder(for script: URL) -> URL? {
        snapshotsRoot?.appendingPathComponent(script.deletingPathExtension().lastPathComponent)
    }

    /// Runs an already parsed script and checks its snapshots.
    public func verify(_ script: Script, at url: URL) throws -> Verification {
        let configuration = ScenarioConfiguration(script: script)
        let host = try makeHost(configuration, url.deletingLastPathComponent())
        let result = runner.run(script, configuration: configuration, on: host)
        var checks: [SnapshotCheck] = []
        for output in result.snapshots {
            if let folder = referenceFolder(for: url) {
                checks.append(try check(output, reference: folder.appendingPathComponent(output.fileName)))
            } else {
                checks.append(SnapshotCheck(output: output, reference: nil, status: .unchecked))
            }
        }
        return Verification(script: url, result: result, snapshots: checks)
    }

    func check(_ output: SnapshotOutput, reference: URL) throws -> SnapshotCheck {
        let existing = SnapshotFiles.read(reference)
        var status: Status
        var diffImage: [UInt8]?
        if let existing {
            if existing == output.bytes {
                status = .matched
            } else if output.format.isText {
                let diff = SnapshotDiff.text(reference: String(decoding: existing, as: UTF8.self),
                                             actual: String(decoding: output.bytes, as: UTF8.self)) ?? "(bytes differ)"
                status = .mismatch(diff)
            } else {
                // Compare pixels, not bytes: two encoders may compress the same pixels
                // differently, and that is not a visual change.
                do {
                    let ref = try SnapshotImageCodec.decode(existing)
                    let act = try SnapshotImageCodec.decode(output.bytes)
                    if let (summary, picture) = SnapshotDiff.image(reference: ref, actual: act) {
                        status = .mismatch(summary.description)
                        diffImage = SnapshotImageCodec.encode(picture, as: .png)
                    } else {
                        status = .matched
                    }
                } catch {
                    status = .mismatch("the reference cannot be decoded: \(error)")
                }
            }
        } else {
            status = .missing
        }
        switch status {
        case .missing where record != .never, .mismatch where record == .all || record == .failed:
            try SnapshotFiles.writeAtomically(output.bytes, to: reference)
            status = .recorded
        case .matched where record == .all && existing != output.bytes:
            // Same pixels, other bytes: `all` rewrites the reference, the check still matched.
            try SnapshotFiles.writeAtomically(output.bytes, to: reference)
        default:
            break
        }
        return SnapshotCheck(output: output, reference: reference, status: status, referenceBytes: existing, diffImage: diffImage)
    }
}
