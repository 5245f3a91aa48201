// libFuzzer target for the scenario lexer and parser, with a round trip: a script that
// parses is printed (ScriptPrinter) and must parse again to the same commands, and
// printing that must give the same text. Built with SimCore and the parser's files only.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let script: Script
    do { script = try ScriptParser.parse(text, name: "f") } catch {
        for e in error.errors {
            precondition(e.line >= 1 && e.column >= 1, "error without a place: \(e)")
            precondition(e.message.unicodeScalars.count < 1000, "message not cut")
        }
        return 0
    }
    let printed = ScriptPrinter.print(script)
    let again: Script
    do { again = try ScriptParser.parse(printed, name: "f") } catch {
        preconditionFailure("printed script does not parse: \(error)\n--- printed:\n\(printed)")
    }
    precondition(again.commands.map(\.value) == script.commands.map(\.value),
                 "round trip changed the commands\n--- printed:\n\(printed)")
    precondition(ScriptPrinter.print(again) == printed, "printing is not stable")
    return 0
}
