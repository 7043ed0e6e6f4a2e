import Testing

@testable import RecordReplayRedaction

/// Results remembered for the process (the secret scan's, of fixtures and of the texts inside them) are
/// what a fresh computation gives: by their whole input, within their bounds.
@Suite("Remembered results")
struct RememberedResultsTests {
    @Test("a value is computed once per key, an input past the largest is computed every time")
    func computedOncePerKey() {
        let results = RememberedResults<String, Int>(largestRemembered: 10, bytesRemembered: 100)
        var computed = 0
        for _ in 0..<3 { #expect(results.value(for: "a", size: 1) { computed += 1; return 7 } == 7) }
        #expect(computed == 1)
        _ = results.value(for: "b", size: 1) { computed += 1; return 8 }
        #expect(computed == 2)
        for _ in 0..<2 { _ = results.value(for: "long", size: 11) { computed += 1; return 9 } }
        #expect(computed == 4)
    }

    @Test("the store forgets everything once the inputs it holds would pass its bound")
    func forgetsPastTheBound() {
        let results = RememberedResults<String, Int>(largestRemembered: 50, bytesRemembered: 100)
        var computed = 0
        func value(_ key: String, size: Int) { _ = results.value(for: key, size: size) { computed += 1; return 0 } }
        value("a", size: 50)
        value("b", size: 50)
        value("a", size: 50)
        #expect(computed == 2, "both halves fit, and a is remembered")
        value("c", size: 1)
        value("a", size: 50)
        value("b", size: 50)
        #expect(computed == 5, "the third key made the store forget the first two")
    }

    @Test("a key remembered twice (a computation that asks for its own key) counts its bytes once")
    func keyCountedOnce() {
        let results = RememberedResults<String, Int>(largestRemembered: 100, bytesRemembered: 100)
        var computed = 0
        _ = results.value(for: "c", size: 1) {
            computed += 1
            return results.value(for: "c", size: 1) { computed += 1; return 1 }
        }
        _ = results.value(for: "d", size: 99) { computed += 1; return 2 }
        #expect(results.value(for: "c", size: 1) { computed += 1; return 3 } == 1)
        #expect(computed == 3, "c and d fit together: c's bytes were counted once")
    }

    @Test("the fixtures' findings are remembered within 4 MiB a fixture and 32 MiB in all")
    func fixtureBounds() {
        #expect(RememberedScans.findings.largestRemembered == 4 << 20)
        #expect(RememberedScans.findings.bytesRemembered == 32 << 20)
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
