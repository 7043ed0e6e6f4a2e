import Foundation
import RepositoryContractsPrimitives
import Testing

@testable import RecordReplay
@testable import RecordReplayFixtures
@testable import RecordReplayRedaction
@testable import RecordReplayWire

/// The secret scan and the propagation's search cost linear work on every input: doubling the input
/// at most doubles the steps counted (``ScanWork``), and the steps per byte stay small, for each rule's
/// prefix repeated, near misses, PEM bundles, lists of tokens, long base64, and the decoders' own
/// adversaries (runs of character references, nested `&amp;`, endless mail prompts). Counted, never
/// timed.
@Suite("Secret scan: linear cost on adversarial input")
struct ScanCostTests {
    /// The repeated units: every rule's and every provider shape's prefix, each shape's sample glued
    /// and spaced, and the structured kinds' openings.
    static let units: [String] = {
        var units = SecretPrefixRule.all.map { String(decoding: $0.prefix, as: UTF8.self) }
        for shape in TokenShape.providers {
            let sample = TokenShapeTests.sample(of: shape)
            // The anchor alone, and samples glued by a character that starts a new word.
            units += [String(decoding: shape.anchor, as: UTF8.self), sample + "-"]
        }
        units += [
            "eyJ", "eyJa.", "eyJhbGciOi.eyJzdWIiOi.", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln ",
            "-----BEGIN ", "-----BEGIN PRIVATE KEY-----\n", "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n",
            "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUOfa3\n-----END CERTIFICATE-----\n",
            "-----", "aws_secret", "aws_secret_access_key=", "aws_secret=ABCD", "A", "Ab3+/", "AKIAAKIA",
            "{\"id\":1,\"title\":\"Buy milk\",\"done\":false},",
            // Assignments, URL passwords and webhook paths inside text.
            "password=", "password='", "password=\"", "apiKey: ", "token := ", "secret=>", "a=", "=", ":", "::",
            "\\\"password\\\":\\\"", "password=\"\n", "Authorization: Bearer ", "name=\"password\" ",
            "<meta name=\"csrf-token\" content=", "://", "a://", "x://u:p@", "postgres://app:pw@db/", "@",
            "/services/T0AB12CD3/B0AB12CD3/", "/services/", "/", "//", "\\/", "bot123456789:", "/webhooks/112233445566778899/",
            "/IncomingWebhook/", "/hooks/", "/hooks/catch/1/", "/with/key/", "s--Ab12Cd34--/", "AccountKey=",
            "/oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8/", ";jsessionid=",
            // Structures, commands and escapes (issue 43's classes).
            "curl -u a:b ", "curl ", "-u ", "--user x:y ", "--password Xy1 ", "redis-cli -a p ", "AUTH x y\n", "AUTH ",
            "PASS x\n", "a LOGIN u p\n", "IDENTIFIED BY 'p'\n", "password 'x' ", "sqlplus a/b@c\n", "a/b@c ",
            "jdbc:oracle:thin:a/b@", ":thin:", ":thin:a/", "\t", ".x\tTRUE\t/\tTRUE\t1\tn\tv\n", "a,b\n", "api_key,b\n",
            "PuTTY-User-Key-File-3: x\nPrivate-Lines: 9999\n", "Private-Lines: 5\n", "\n", "%25", "%2525", "%", "\\u0073",
            "\\uD83D\\uDE00", "\\", "\\\"", "%3Ftoken%3Dx", "data: {\"a\":1}\n",
            // Character references, elements, OAuth codes and mail exchanges (issue 43's later classes).
            "&", "&#", "&#1", "&#x", "&#x7", "&#115;", "&#x73;", "&amp;", "&amp;amp;", "&quot;", "&lt;", "&lt;password&gt;",
            "&lt;password&gt;x&lt;/password&gt;", "&#x3C;secret&#x3E;", "api_key=&quot;", "<password>", "<password>x</password>",
            "<a ", "<", "</", "?code=", "&code=", "code=", "code=x&state=y&", "?code=Qx4mT9vR2wL8pZ1cK7&state=af0if ",
            "&amp;code=", "334 ", "334 VXNlcm5hbWU6\n", "AUTH LOGIN\n", "AUTH LOGIN\n334 \nx\n", "+ \n", "C: ", "~> ",
            "a1 AUTHENTICATE PLAIN\n", "C: a1 LOGIN u p\n", "AUTH PLAIN QUJD\n",
        ]
        return units
    }()

    static func repeated(_ unit: String, toAtLeast size: Int) -> String {
        String(repeating: unit, count: size / max(1, unit.utf8.count) + 1)
    }

    /// The steps of the shape scan and of the search for credentials inside text, together.
    static func steps(scanning text: String, name: String? = nil) -> Int {
        var work = ScanWork()
        _ = SecretScanShapes.matches(in: text, name: name, work: &work)
        _ = TextCredentials.findThroughEscapes(
            in: Array(text.utf8), namesCredential: { CredentialName($0).namesCredential }, work: &work)
        return work.steps
    }

    @Test("doubling any repeated unit at most doubles the scan's steps, at most 80 steps a byte")
    func scanIsLinear() async {
        let size = 8_192
        // Each unit's scans are counted on their own, all cores at once; the expectations follow in order.
        let counts = await Self.units.concurrentMap { unit in
            let (small, large) = (Self.repeated(unit, toAtLeast: size), Self.repeated(unit, toAtLeast: 2 * size))
            return (unit: unit, small: small.utf8.count, smallSteps: Self.steps(scanning: small),
                    large: large.utf8.count, largeSteps: Self.steps(scanning: large))
        }
        var worst: (unit: String, perByte: Double) = ("", 0)
        for count in counts {
            let perByte = Double(count.largeSteps) / Double(count.large)
            if perByte > worst.perByte { worst = (count.unit, perByte) }
            #expect(
                Double(count.largeSteps) <= 2.3 * Double(count.smallSteps) + 1_000,
                "\(count.unit.debugDescription): \(count.smallSteps) steps for \(count.small) bytes, \(count.largeSteps) for \(count.large)")
            #expect(perByte <= 80, "\(count.unit.debugDescription): \(perByte) steps a byte")
        }
        print("[scan cost] \(Self.units.count) units; the most steps a byte: \(worst.perByte) for \(worst.unit.debugDescription)")
    }

    @Test("the new decoders scan linearly: runs of references, nested &amp;amp;, long references, many 334 prompts")
    func decodersAreLinear() async {
        let shapes: [(String, @Sendable (Int) -> String)] = [
            ("&amp;amp;amp;…", { "&" + Self.repeated("amp;", toAtLeast: $0) }),
            ("&#&#&#…", { Self.repeated("&#", toAtLeast: $0) }),
            ("one long decimal reference", { "&#" + String(repeating: "1", count: $0) + ";" }),
            ("one long hexadecimal reference", { "&#x" + String(repeating: "f", count: $0) + ";" }),
            ("references of every length", { Self.repeated("&#1;&#12;&#123;&#1234;&#12345;&#123456;&#1234567;&#12345678;", toAtLeast: $0) }),
            ("AUTH LOGIN and 334 prompts", { "AUTH LOGIN\n" + Self.repeated("334 \n", toAtLeast: $0) }),
            ("prompts and answers", { "AUTH LOGIN\n" + Self.repeated("334 VXNlcm5hbWU6\nQUJD\n", toAtLeast: $0) }),
            ("exchanges", { Self.repeated("C: AUTH LOGIN\nS: 334 x\nC: y\n", toAtLeast: $0) }),
            ("IMAP continuations", { "a1 AUTHENTICATE PLAIN\n" + Self.repeated("+ \nQUJD\n", toAtLeast: $0) }),
            ("one query of many codes", { "https://a/cb?" + Self.repeated("code=Qx4mT9vR2wL8pZ1cK7&", toAtLeast: $0) + "state=x1" }),
            ("escaped elements", { Self.repeated("&lt;password&gt;x", toAtLeast: $0) }),
        ]
        let counts = await shapes.concurrentMap { label, make in
            let (small, large) = (make(8_192), make(16_384))
            return (label: label, smallSteps: Self.steps(scanning: small), large: large.utf8.count, largeSteps: Self.steps(scanning: large))
        }
        var perByte: [String] = []
        defer { print("[scan cost] decoders, steps a byte: \(perByte.joined(separator: ", "))") }
        for count in counts {
            perByte.append("\(count.label) \(Double(count.largeSteps * 10 / count.large) / 10)")
            #expect(Double(count.largeSteps) <= 2.3 * Double(count.smallSteps) + 1_000, "\(count.label): \(count.smallSteps) steps, then \(count.largeSteps)")
            #expect(Double(count.largeSteps) / Double(count.large) <= 80, "\(count.label): \(count.largeSteps) steps for \(count.large) bytes")
        }
    }

    @Test("the new decoders stop where they say: four rounds of references, eight answers an exchange")
    func decodersAreBounded() throws {
        // Each round decodes one level; the fifth `amp;` is left as written.
        let nested = try #require(EscapedText(Array("&amp;amp;amp;amp;amp;lt;".utf8)))
        #expect(String(decoding: nested.bytes, as: UTF8.self) == "&amp;lt;")
        // A reference longer than any real one, or naming NUL or no scalar, is left as written.
        for written in ["&#" + String(repeating: "1", count: 8) + ";", "&#0;", "&#x110000;", "&#xD800;", "&bogus;", "&amp"] {
            #expect(EscapedText(Array(written.utf8)) == nil, "\(written)")
        }
        // One AUTH answers at most eight prompts; the lines after are no credentials.
        let text = "AUTH LOGIN\n" + String(repeating: "334 \nQUJD\n", count: 100)
        var work = ScanWork()
        let found = TextCredentials.find(in: Array(text.utf8), namesCredential: { _ in false }, work: &work)
        #expect(found.count == MailAuthentication.longestExchange)
    }

    @Test("a field named for an AWS secret scans linearly too")
    func awsNameIsLinear() {
        let unit = "aws_secret " + String(repeating: "Ab3+", count: 10) + "="
        let small = Self.steps(scanning: Self.repeated(unit, toAtLeast: 8_192), name: "aws_secret_access_key")
        let large = Self.steps(scanning: Self.repeated(unit, toAtLeast: 16_384), name: "aws_secret_access_key")
        #expect(Double(large) <= 2.2 * Double(small) + 1_000)
    }

    @Test("repeated prefixes make one match covering them all, not a string per repetition")
    func repeatedPrefixesMakeOneMatch() {
        let text = Self.repeated("xoxb-", toAtLeast: 50_000)
        let matches = SecretScanShapes.matches(in: text)
        let held = matches.map(\.text.utf8.count).reduce(0, +)
        #expect(matches.contains { $0.kind == .slackToken && $0.text == text })
        #expect(held <= 2 * text.utf8.count, "the matches hold \(held) bytes for a text of \(text.utf8.count)")
    }

    @Test("a private key without its END line is redacted to the end of the text, once")
    func unterminatedPrivateKeys() {
        let text = "key: " + Self.repeated("-----BEGIN PRIVATE KEY-----\nMIIE\n", toAtLeast: 20_000)
        let keys = SecretScanShapes.matches(in: text).filter { $0.kind == .privateKey }
        #expect(keys.count == 1)
        #expect(keys.first?.text == String(text.dropFirst(5)))
    }

    // MARK: The propagation's search

    @Test("the search finds exactly the union of every occurrence, on random texts")
    func searchMatchesBruteForce() {
        var generator = SampleGenerator(seed: 42)
        let alphabet = Array("ab-".utf8)
        for round in 0..<300 {
            let text = (0..<generator.next(below: 60)).map { _ in alphabet[generator.next(below: alphabet.count)] }
            let patterns = (0..<(1 + generator.next(below: 4))).map { _ in
                String(decoding: (0..<(1 + generator.next(below: 5))).map { _ in alphabet[generator.next(below: alphabet.count)] }, as: UTF8.self)
            }
            var work = ScanWork()
            let found = SpellingSearch(patterns).occurrences(in: text, work: &work).map(\.range)
            #expect(found == Self.bruteForceUnion(of: patterns.map { Array($0.utf8) }, in: text), "round \(round): \(patterns) in \(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("overlapping secrets are replaced as one stretch: no part of either survives")
    func overlappingSecrets() {
        let search = SpellingSearch(["abcd", "cdefgh"])
        #expect(search.replacing(in: "x abcdefgh y") == "x \(Redaction.placeholder) y")
        #expect(search.replacing(in: "nothing here") == nil)
    }

    @Test("a long string (over 64 KiB) and a string shorter than the window are found too")
    func longAndShortStrings() {
        let long = String(repeating: "ab1", count: 30_000)
        var search = SpellingSearch(shortest: 16)
        search.add(long, replacement: "[L]")
        search.add("zz", replacement: "[S]")
        #expect(search.replacing(in: "x" + long + "y zz") == "x[L]y [S]")
        #expect(search.replacing(in: "x" + long.dropLast() + "y") == nil)
    }

    @Test("the search's steps grow linearly: periodic texts, shared endings, many strings")
    func searchIsLinear() {
        func steps(_ patterns: [String], _ text: String) -> Int {
            var work = ScanWork()
            _ = SpellingSearch(patterns).replacing(in: text, work: &work)
            return work.steps
        }
        let periodic = { (size: Int) in Self.repeated("xoxb-", toAtLeast: size) }
        // A secret that is half a periodic text occurs at every period of the text.
        #expect(Double(steps([periodic(8_000)], periodic(32_000))) <= 2.2 * Double(steps([periodic(4_000)], periodic(16_000))))
        // Many secrets, all ending alike, in a text made of them.
        let endingAlike = { (count: Int) in (0..<count).map { "s\($0)" + String(repeating: "A", count: 20) } }
        let few = endingAlike(500)
        let many = endingAlike(1_000)
        #expect(Double(steps(many, many.joined())) <= 2.4 * Double(steps(few, few.joined())))
    }

    static func bruteForceUnion(of patterns: [[UInt8]], in text: [UInt8]) -> [Range<Int>] {
        var starts: [Range<Int>] = []
        for pattern in patterns where !pattern.isEmpty && pattern.count <= text.count {
            for start in 0...(text.count - pattern.count) where Array(text[start..<(start + pattern.count)]) == pattern {
                starts.append(start..<(start + pattern.count))
            }
        }
        var merged: [Range<Int>] = []
        for range in starts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
