import SimCore

/// A problem in a script, with the place it was found. Prints as
/// `FILE:LINE:COL: error: message`, the form editors and CI logs link to.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script's file name as the caller gave it.
    public var file: String
    /// The line of the problem (1-based).
    public var line: Int
    /// The column of the problem, in characters (1-based).
    public var column: Int
    /// What is wrong, bounded and escaped (see `init`).
    public var message: String

    /// `message` is passed through `messageText`: it often quotes script text, which may
    /// hold control characters or be 10,000 characters long.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = messageText(message)
    }

    /// `FILE:LINE:COL: error: message`. The file name is escaped as `escapedForDisplay`
    /// writes it: a name with a carriage return or an escape sequence would otherwise
    /// rewrite the terminal line it is printed on (a fake PASS over the error).
    public var description: String { "\(escapedForDisplay(file)):\(line):\(column): error: \(message)" }
}

/// Every parse error of one script (the parser reports them all before anything runs).
public struct ScriptParseErrors: Error, Hashable, Sendable, CustomStringConvertible {
    /// The errors in script order.
    public var errors: [ScriptError]
    /// The errors of one parse, in script order.
    public init(_ errors: [ScriptError]) { self.errors = errors }
    /// One `FILE:LINE:COL: error: message` line per error.
    public var description: String { errors.map({ $0.description }).joined(separator: "\n") }
}

/// Something a script did that probably did not do what it meant, with its place.
/// Prints as `FILE:LINE:COL: warning: message`.
public struct ScriptWarning: Hashable, Sendable, CustomStringConvertible {
    /// The script's file name as the caller gave it.
    public var file: String
    /// The line of the step (1-based).
    public var line: Int
    /// The column of the step (1-based).
    public var column: Int
    /// What probably went wrong.
    public var message: String

    /// A warning at a place in a script.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `FILE:LINE:COL: warning: message`, the file name escaped as in `ScriptError`.
    public var description: String { "\(escapedForDisplay(file)):\(line):\(column): warning: \(message)" }
}
