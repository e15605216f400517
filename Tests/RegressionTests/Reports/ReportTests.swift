import Foundation
import Testing
@testable import Regression

/// The HTML and XML reports escape what they quote and show only the images that exist.
@Suite struct ReportTests {
    func item(_ scene: String, _ status: CheckItem.Status, artifacts: CheckItem.Artifacts? = nil) -> CheckItem {
        CheckItem(scene: scene, scenePath: "scenes/\(scene).json", frame: 3, status: status, message: "why <here> & \"there\"",
                  result: nil, referencePath: "refs/\(scene)/0003.png", artifacts: artifacts, seconds: 0.25)
    }

    @Test func escapingInXMLAndHTML() {
        #expect(JUnitReport.escape("a<b>&\"c'\u{1}\td\n") == "a&lt;b&gt;&amp;&quot;c&apos;\td\n")
        let bad = item("x<y", .failed, artifacts: .init(folder: "out", expected: "x<y/0003-expected.png", actual: "x<y/0003-actual.png"))
        let html = ReviewReport(settings: "s", acceptCommand: "accept <it>").html([bad])
        #expect(!html.contains("x<y") && html.contains("x&lt;y"))
        #expect(html.contains("why &lt;here&gt; &amp; &quot;there&quot;"))
        #expect(html.contains("accept &lt;it&gt;"))
        let xml = JUnitReport.xml([bad, item("ok", .passed), item("new", .recorded), item("gone", .missing), item("broken", .error)])
        #expect(xml.contains("tests=\"5\" failures=\"2\" errors=\"1\""))
        #expect(xml.contains("<testcase classname=\"ok\" name=\"frame 0003\" file=\"scenes/ok.json\" time=\"0.250\"/>"))
        #expect(xml.contains("<system-out>recorded: why &lt;here&gt;"))
        #expect(xml.contains("<failure type=\"missing\""))
        #expect(xml.contains("<error type=\"error\""))
    }

    @Test func missingReferenceShowsOnlyTheActualImage() {
        let missing = item("card", .missing, artifacts: .init(folder: "out", actual: "card/0003-actual.png"))
        let html = ReviewReport(settings: "s", acceptCommand: "a").html([missing, item("fine", .passed)])
        #expect(html.contains("src=\"card/0003-actual.png\""))
        #expect(!html.contains("expected.png") && !html.contains("class=\"compare\""))
        #expect(html.contains("2 frames: 1 passed, 1 missing"))
    }

    @Test func summaryTableAlignsColumns() {
        let t = CheckSummary.table([item("a", .passed), item("longer-name", .failed)])
        let lines = t.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("SCENE        FRAME  STATUS  DIFFERENT  DETAILS"))
        #expect(lines[2].hasPrefix("longer-name  0003   failed          -  why"))
    }
}

@Suite struct UpdateModeTests {
    @Test func ciIsDetectedFromTheEnvironment() {
        for v in ["true", "TRUE", "1", "yes"] { #expect(UpdateMode.isCI(["CI": v]), "\(v)") }
        for v in ["false", "0", "", "no"] { #expect(!UpdateMode.isCI(["CI": v]), "\(v)") }
        #expect(!UpdateMode.isCI([:]))
    }

    @Test func namesAndCIOverride() {
        #expect(UpdateMode(name: "never") == UpdateMode.none)
        #expect(UpdateMode.allCases.allSatisfy { UpdateMode(name: $0.rawValue) == $0 })
        #expect(UpdateMode(name: "failed") == nil)
        #expect(CheckRunner(references: "r", update: .all, onCI: true).effectiveUpdate == UpdateMode.none)
        #expect(CheckRunner(references: "r", update: .all, onCI: false).effectiveUpdate == .all)
    }
}
