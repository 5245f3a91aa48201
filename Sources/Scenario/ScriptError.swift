import SimCore

/// A problem in a script, with the place it was found. Prints as
/// `FILE:LINE:COL: error: message`, the form editors and CI logs link to.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    /// `message` is passed through `messageText`: it often quotes script text, which may
    /// hold control characters or be 10,000 characters long.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = messageText(message)
    }

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Every parse error of one script (the parser reports them all before anything runs).
public struct ScriptParseErrors: Error, Hashable, Sendable, CustomStringConvertible {
    public var errors: [ScriptError]
    public init(_ errors: [ScriptError]) { self.errors = errors }
    public var description: String { errors.map({ $0.description }).joined(separator: "\n") }
}

/// Something a script did that probably did not do what it meant, with its place.
/// Prints as `FILE:LINE:COL: warning: message`.
public struct ScriptWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    public var description: String { "\(file):\(line):\(column): warning: \(message)" }
}
