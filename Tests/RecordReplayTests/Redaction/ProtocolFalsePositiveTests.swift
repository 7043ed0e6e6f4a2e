import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
import RepositoryContractsTestSupport

/// Ordinary look-alikes of the OAuth code, character reference and mail authentication classes
/// (``CredentialClassCorpusTests/oauthCodeCases``, `entityCases`, `mailCases`): status, error, promo,
/// postal and country codes under `code`; the authorization request itself; HTML and XML with ordinary
/// references; mail transcripts that authenticate nobody. Nothing in them may be redacted or reported,
/// except what the list at the end of each test names, each with the reason it is kept as measured.
@Suite("Redaction: ordinary codes, references and mail transcripts are not taken for credentials")
struct ProtocolFalsePositiveTests {
    private typealias Samples = RecordingSamples

    /// Requests whose query holds a `code` that is no authorization code.
    static let queries: [(name: String, path: String, query: [QueryItem])] = [
        ("a short promo code", "/checkout", [QueryItem(name: "code", value: "ABC123")]),
        ("a promo code in capitals beside a US state", "/checkout", [QueryItem(name: "code", value: "BLACKFRIDAY2026"), QueryItem(name: "state", value: "CA")]),
        ("a postal code beside a state", "/stores", [QueryItem(name: "code", value: "94105"), QueryItem(name: "state", value: "CA")]),
        ("a status filter", "/logs", [QueryItem(name: "code", value: "404"), QueryItem(name: "status", value: "error")]),
        ("a country and a currency", "/rates", [QueryItem(name: "code", value: "EUR"), QueryItem(name: "country_code", value: "DE")]),
        ("a lower-case product code alone", "/products", [QueryItem(name: "code", value: "mug-blue-12oz")]),
        ("the authorization request itself", "/authorize", [
            QueryItem(name: "response_type", value: "code"), QueryItem(name: "client_id", value: "app123"),
            QueryItem(name: "state", value: "af0ifjsldkj"), QueryItem(name: "redirect_uri", value: "https://app.example.com/cb"),
            QueryItem(name: "scope", value: "openid profile"),
            QueryItem(name: "code_challenge", value: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"),
            QueryItem(name: "code_challenge_method", value: "S256")]),
        ("an error callback (no code)", "/callback", [
            QueryItem(name: "error", value: "access_denied"), QueryItem(name: "state", value: "af0ifjsldkj")]),
    ]

    /// Bodies that look like the new classes and hold nothing secret.
    static let bodies: [(name: String, type: String, body: String)] = [
        ("a JSON error with a numeric code and a state", "application/json",
            #"{"code":404,"message":"Not Found","state":"error","request_id":"req_7f3a"}"#),
        ("a JSON error with a string code", "application/json",
            #"{"error":{"code":"INVALID_ARGUMENT","status":"FAILED_PRECONDITION"},"state":"failed"}"#),
        ("a job with a code and a state", "application/json",
            #"{"code":"job-2026-01-build","state":"running","progress":0.4}"#),
        ("source code under code", "application/json",
            #"{"code":"print('hello')\nx = token.strip()","language":"python"}"#),
        ("prose with ordinary references", "text/html", """
            <p>Terms &amp; conditions &mdash; tokens &lt;b&gt;never&lt;/b&gt; expire&nbsp;&copy; 2026.</p>
            <p>Enter your password &amp; token below: &lt;input&gt; &#8212; or ask &quot;support&quot;.</p>
            <a href="/search?q=token&amp;page=2&amp;code=US">next</a> <a href="/docs?code=ABC123&amp;lang=en">docs</a>
            """),
        ("a data attribute with ordinary JSON", "text/html",
            #"<div data-props="{&quot;theme&quot;:&quot;dark&quot;,&quot;code&quot;:&quot;US&quot;,&quot;tokenCount&quot;:3}"></div>"#),
        ("XML with references", "application/xml",
            #"<feed><title>Q&amp;A &#8211; passwords &amp; tokens</title><entry code="404">&lt;none&gt;</entry></feed>"#),
        ("an SMTP transcript without AUTH", "text/plain", """
            S: 220 mx.example.com ESMTP Postfix
            C: EHLO app.example.com
            S: 250-mx.example.com
            S: 250-STARTTLS
            S: 250 AUTH LOGIN PLAIN CRAM-MD5
            C: MAIL FROM:<ann@example.com>
            S: 250 2.1.0 Ok
            C: RCPT TO:<bob@example.com>
            S: 250 2.1.5 Ok
            C: DATA
            S: 354 End data with <CR><LF>.<CR><LF>
            C: Subject: 334 reasons to rotate your keys
            C: .
            S: 250 2.0.0 Ok: queued as 4F2A1
            C: QUIT
            S: 221 2.0.0 Bye
            """),
        ("an IMAP transcript without LOGIN", "text/plain", """
            * OK IMAP4rev1 Service Ready
            a1 CAPABILITY
            * CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=XOAUTH2 SASL-IR
            a1 OK CAPABILITY completed
            a2 SELECT INBOX
            * 18 EXISTS
            a2 OK [READ-WRITE] SELECT completed
            a3 IDLE
            + idling
            DONE
            a3 OK IDLE terminated
            """),
        ("a mail server's configuration", "text/plain", """
            smtpd_sasl_auth_enable = yes
            smtpd_sasl_security_options = noanonymous
            # clients use AUTH PLAIN or AUTH LOGIN after STARTTLS
            broken_sasl_auth_clients = yes
            """),
    ]

    @Test("ordinary codes in queries: no field redacted, nothing reported")
    func queryCorpus() {
        var flagged: [String] = []
        for item in Self.queries {
            let fixture = Samples.fixture(Samples.interaction(path: item.path, query: item.query))
            flagged += Redaction().redact(fixture).redactions.map { "\(item.name): \($0)" }
            flagged += SecretScan().findings(in: fixture).map { "\(item.name): \($0)" }
        }
        print("[false positives] protocol queries: \(Self.queries.count) requests, \(flagged.count) flagged \(flagged)")
        #expect(flagged == [])
    }

    @Test("ordinary bodies: no field redacted, nothing reported")
    func bodyCorpus() {
        var flagged: [String] = []
        for item in Self.bodies {
            let fixture = Samples.fixture(
                Samples.interaction(responseHeaders: ["Content-Type": item.type], responseBody: item.body))
            flagged += Redaction().redact(fixture).redactions.map { "\(item.name): \($0)" }
            flagged += SecretScan().findings(in: fixture).map { "\(item.name): \($0)" }
        }
        print("[false positives] protocol bodies: \(Self.bodies.count) bodies, \(flagged.count) flagged \(flagged)")
        #expect(flagged == [])
    }
}
