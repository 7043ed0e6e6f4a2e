import Testing

@testable import RecordReplayRedaction

/// The text scans remembered for the process give what a fresh scan gives: by the text, the field's name
/// and the redaction's lists, within their bounds.
@Suite("Remembered text scans")
struct RememberedTextScansTests {
    @Test("a value is computed once per key, a text past the longest is computed every time")
    func computedOncePerKey() {
        let scans = RememberedTextScans<String, Int>()
        var computed = 0
        for _ in 0..<3 { #expect(scans.value(for: "a", size: 1) { computed += 1; return 7 } == 7) }
        #expect(computed == 1)
        _ = scans.value(for: "b", size: 1) { computed += 1; return 8 }
        #expect(computed == 2)
        let long = RememberedTextScans<String, Int>.longestRemembered + 1
        for _ in 0..<2 { _ = scans.value(for: "long", size: long) { computed += 1; return 9 } }
        #expect(computed == 4)
    }

    @Test("the store forgets everything once the texts it holds pass its bound, and remembers again")
    func forgetsPastTheBound() {
        let scans = RememberedTextScans<Int, Int>()
        let size = RememberedTextScans<Int, Int>.longestRemembered
        let fitting = RememberedTextScans<Int, Int>.bytesRemembered / size
        var computed = 0
        for key in 0..<fitting { _ = scans.value(for: key, size: size) { computed += 1; return key } }
        _ = scans.value(for: 0, size: size) { computed += 1; return 0 }
        #expect(computed == fitting, "all \(fitting) fit")
        _ = scans.value(for: fitting, size: size) { computed += 1; return fitting }
        _ = scans.value(for: 0, size: size) { computed += 1; return 0 }
        #expect(computed == fitting + 2, "the first key was forgotten with the rest")
    }

    @Test("a field's name is part of the shape scan's key: the same text reads as an AWS secret under its name only")
    func nameIsPartOfTheKey() {
        let key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
        #expect(!SecretScanShapes.matches(in: key).contains { $0.kind == .awsSecretAccessKey })
        #expect(SecretScanShapes.matches(in: key, name: "aws_secret_access_key").contains { $0.kind == .awsSecretAccessKey })
        #expect(!SecretScanShapes.matches(in: key).contains { $0.kind == .awsSecretAccessKey })
    }

    @Test("the redaction's lists are part of the credential search's key: a name one redaction lists is found by it only")
    func listsArePartOfTheKey() {
        let text = "order note: flavour=vanilla99 and more"
        let plain = Redaction()
        let listing = Redaction(bodyMemberNames: Redaction.defaultBodyMemberNames + ["flavour"])
        #expect(plain.redactingTextCredentials(in: text) == nil)
        #expect(listing.redactingTextCredentials(in: text)?.text == "order note: flavour=\(Redaction.placeholder) and more")
        #expect(plain.redactingTextCredentials(in: text) == nil)
        let off = Redaction(bodyMemberNames: Redaction.defaultBodyMemberNames + ["flavour"], redactsCredentialNames: false)
        #expect(off.redactingTextCredentials(in: text) == nil)
    }
}
