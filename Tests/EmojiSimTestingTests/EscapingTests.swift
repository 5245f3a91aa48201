import Foundation
import Testing
@testable import EmojiSimTesting
@testable import EmojiSimTestingCore

/// The one escaping the HTML report, trace viewer, JUnit XML and playground page share.
@Suite struct EscapingTests {
    @Test("markup: the four specials as entities, XML-invalid controls as U+FFFD, whitespace kept")
    func markup() {
        #expect(Escaping.markup("a<b>&\"c\"") == "a&lt;b&gt;&amp;&quot;c&quot;")
        #expect(Escaping.markup("x\u{0}\u{1B}[31m\u{FFFE}y\n\t\r") == "x\u{FFFD}\u{FFFD}[31m\u{FFFD}y\n\t\r")
        #expect(Escaping.markup("你好[笑哭]😀") == "你好[笑哭]😀")
        // The writers use it.
        #expect(HTMLReport.escape("<\u{1}") == "&lt;\u{FFFD}")
        #expect(JUnitReport.escape("<\u{1}") == "&lt;\u{FFFD}")
    }

    @Test("scriptJSON: valid JSON for every scalar, and never `</script>` or a raw line separator")
    func scriptJSON() throws {
        let nasty = "</script><!--&\u{2028}\u{2029}\"\\\n\r\t\u{0}\u{1F}\u{7F}你好😀"
        let literal = Escaping.scriptJSON(nasty)
        #expect(!literal.contains("<") && !literal.contains(">") && !literal.contains("&"))
        #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == nasty)
        var out = "x="
        Escaping.scriptJSON("<", into: &out)
        #expect(out == "x=\"\\u003c\"")
    }
}
