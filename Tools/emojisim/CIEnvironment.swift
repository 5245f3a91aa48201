import Foundation

/// GitHub Actions workflow commands: `::error file=F,line=L,col=C::message`, which the
/// runner turns into an annotation on that line of the pull request's diff.
enum GitHubAnnotation {
    /// The command for one error. Values are escaped as the runner unescapes them
    /// (`%`, CR, LF everywhere; `:` and `,` also in properties), so a message or a file
    /// name cannot end the command early or inject another.
    static func error(file: String, line: Int, column: Int, message: String) -> String {
        "::error file=\(property(file)),line=\(line),col=\(column)::\(data(message))"
    }

    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// The path GitHub matches against the repository: relative to `GITHUB_WORKSPACE`
    /// (the checkout), else to the current folder, else absolute.
    static func path(_ url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let p = url.standardizedFileURL.path
        for base in [environment["GITHUB_WORKSPACE"], FileManager.default.currentDirectoryPath].compactMap({ $0 }) {
            let b = URL(fileURLWithPath: base).standardizedFileURL.path
            if p.hasPrefix(b + "/") { return String(p.dropFirst(b.count + 1)) }
        }
        return p
    }

    /// `FILE:LINE:COL: error: message` as `message` (the annotation has the place).
    static func strippingPlace(_ m: String) -> String {
        guard let r = m.range(of: ": error: ") else { return m }
        return String(m[r.upperBound...])
    }
}

/// Bazel's test protocol (bazel.build, "Test encyclopedia"): a test target run with
/// `shard_count` gets `TEST_TOTAL_SHARDS` and `TEST_SHARD_INDEX` (0-based) and must
/// touch `TEST_SHARD_STATUS_FILE` to say it shards; `XML_OUTPUT_FILE` is where Bazel
/// wants the JUnit XML. `emojisim run` reads them when `--shard` or `--junit` is not
/// given, so an `sh_test` needs no flags.
struct BazelTestEnvironment {
    /// The shard to run (1-based index, count), when Bazel shards.
    var shard: (index: Int, count: Int)?
    /// The file to touch to acknowledge sharding.
    var shardStatusFile: URL?
    /// Where to write the JUnit XML.
    var xmlOutputFile: URL?

    /// Reads the variables.
    ///
    /// - Throws: a `UsageError` naming the variable when the shard variables are not
    ///   whole numbers with 0 <= index < total (or only one of them is set).
    init(_ environment: [String: String]) throws {
        let total = environment["TEST_TOTAL_SHARDS"].flatMap { $0.isEmpty ? nil : $0 }
        let index = environment["TEST_SHARD_INDEX"].flatMap { $0.isEmpty ? nil : $0 }
        if total != nil || index != nil {
            guard let t = total, let i = index, let n = Int(t), let k = Int(i), n >= 1, (0..<n).contains(k) else {
                throw UsageError("TEST_TOTAL_SHARDS='\(total ?? "")' and TEST_SHARD_INDEX='\(index ?? "")' must be whole numbers with 0 <= TEST_SHARD_INDEX < TEST_TOTAL_SHARDS (Bazel's test sharding)")
            }
            shard = (k + 1, n)
        }
        shardStatusFile = environment["TEST_SHARD_STATUS_FILE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        xmlOutputFile = environment["XML_OUTPUT_FILE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    /// Touches the status file (when sharding and the file is named): Bazel fails a
    /// sharded test that does not.
    func acknowledgeSharding() throws {
        guard shard != nil, let f = shardStatusFile else { return }
        if !FileManager.default.fileExists(atPath: f.path) {
            try Data().write(to: f)
        }
    }
}
