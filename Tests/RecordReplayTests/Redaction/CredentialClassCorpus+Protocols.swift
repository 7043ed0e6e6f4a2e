import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayRedaction
import RepositoryContractsTestSupport

/// Three more classes of issue 43, written from their rules: OAuth authorization codes (by the query,
/// form or object they stand in, and by their length and randomness alone), credentials written with
/// HTML or XML character references (decoded before they are judged), and mail authentication
/// exchanges (SMTP `AUTH`, IMAP `LOGIN` and `AUTHENTICATE`, POP3 `PASS`, with or without a transcript's
/// prefixes). Checked the same four ways as the rest of ``CredentialClassCorpusTests``.
extension CredentialClassCorpusTests {
    private typealias Samples = RecordingSamples

    // Fake secrets, assembled from pieces so that this file does not look like a leak itself.
    static let callbackCode = "Qx4mT9" + "vR2wL8pZ1cK7"
    static let hexCode = "e72e16c7" + "e42f292c6912"
    static let slashCode = "4/0AX4XfWh" + "Tn8Kq2Lm9Pz4Rt8Vb3Nc"
    static let loneCode = "Lm9Pz4" + "Rt8Vb3Nc6Wd1"
    static let spaState = "af0ifjsldkj"

    static func html(_ body: String, type: String = "text/html") -> Interaction {
        Samples.interaction(responseHeaders: ["Content-Type": type], responseBody: body)
    }

    static let oauthCodeCases: [Case] = [
        Case(kind: "OAuth code", name: "a callback's code beside its state",
             interaction: Samples.interaction(path: "/callback", query: [QueryItem(name: "code", value: callbackCode), QueryItem(name: "state", value: spaState)]),
             secrets: [callbackCode], kept: ["code=REDACTED", "state=\(spaState)"]),
        Case(kind: "OAuth code", name: "a hexadecimal code beside session_state and iss",
             interaction: Samples.interaction(path: "/oauth/github/callback", query: [
                QueryItem(name: "session_state", value: "b1c2d3"), QueryItem(name: "code", value: hexCode),
                QueryItem(name: "iss", value: "https://id.example.com")]),
             secrets: [hexCode], kept: ["code=REDACTED", "iss=https://id.example.com"]),
        Case(kind: "OAuth code", name: "a long code alone in a callback query",
             interaction: Samples.interaction(path: "/auth/callback", query: [QueryItem(name: "code", value: loneCode)]),
             secrets: [loneCode], kept: ["/auth/callback\ncode=REDACTED"]),
        Case(kind: "OAuth code", name: "the authorization server's redirect in Location",
             interaction: Samples.interaction(responseHeaders: ["Location": "https://app.example.com/cb?code=\(callbackCode)&state=\(spaState)"]),
             secrets: [callbackCode], kept: ["Location: https://app.example.com/cb?code=REDACTED&state=\(spaState)"]),
        Case(kind: "OAuth code", name: "the callback URL in a later request's Referer",
             interaction: Samples.interaction(requestHeaders: ["Referer": "https://app.example.com/callback?state=\(spaState)&code=\(hexCode)"]),
             secrets: [hexCode], kept: ["Referer: https://app.example.com/callback?state=\(spaState)&code=REDACTED"]),
        Case(kind: "OAuth code", name: "a code with a slash in a token request form",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                requestBody: "grant_type=authorization_code&code=\(slashCode.replacingOccurrences(of: "/", with: "%2F"))&client_id=app&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb"),
             secrets: [slashCode, slashCode.replacingOccurrences(of: "/", with: "%2F")], kept: ["grant_type=authorization_code&", "&client_id=app&"]),
        Case(kind: "OAuth code", name: "a form_post callback (code and state, no grant_type)",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"], requestBody: "code=\(callbackCode)&state=\(spaState)"),
             secrets: [callbackCode], kept: ["code=REDACTED&state=\(spaState)"]),
        Case(kind: "OAuth code", name: "a single-page app posting the callback's parameters as JSON",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/json"],
                requestBody: #"{"code":"\#(hexCode)","state":"\#(spaState)","redirect_uri":"https://app.example.com/cb"}"#),
             secrets: [hexCode], kept: [#"{"code":"REDACTED","state":"\#(spaState)""#]),
        Case(kind: "OAuth code", name: "a callback link in HTML, its items joined by &amp;",
             interaction: html(#"<a href="https://app.example.com/cb?code=\#(callbackCode)&amp;state=\#(spaState)">continue</a>"#),
             secrets: [callbackCode], kept: ["/cb?code=REDACTED&amp;state=\(spaState)\">continue</a>"]),
        Case(kind: "OAuth code", name: "a PKCE challenge sent plain (the verifier itself)",
             interaction: Samples.interaction(path: "/authorize", query: [
                QueryItem(name: "response_type", value: "code"), QueryItem(name: "code_challenge", value: verifier),
                QueryItem(name: "code_challenge_method", value: "plain")]),
             secrets: [verifier], kept: ["code_challenge=REDACTED", "code_challenge_method=plain"]),
        Case(kind: "OAuth code", name: "a callback URL in a JSON string",
             interaction: json(#"{"redirect":"https://app.example.com/cb?code=\#(loneCode)","status":302}"#),
             secrets: [loneCode], kept: [#"{"redirect":"https://app.example.com/cb?code=REDACTED","status":302}"#]),
    ]

    static let entityPassword = "p<ss>&\"w0rd-9"
    static let entityPasswordInHTML = "p&lt;ss&gt;&amp;&quot;w0rd-9"

    static let entityCases: [Case] = [
        Case(kind: "character reference", name: "a key's first letter as a decimal reference",
             interaction: html("<p>Your live key: &#115;\(stripeKey.dropFirst())</p>"),
             secrets: ["&#115;" + stripeKey.dropFirst()], kept: ["<p>Your live key: REDACTED</p>"]),
        Case(kind: "character reference", name: "hexadecimal references in XML text",
             interaction: html("<note>key &#x73;&#x6B;\(stripeKey.dropFirst(2)) rotated</note>", type: "application/xml"),
             secrets: ["&#x73;&#x6B;" + stripeKey.dropFirst(2)], kept: ["<note>key REDACTED rotated</note>"]),
        Case(kind: "character reference", name: "an escaped XML password element shown in HTML",
             interaction: html("<pre>&lt;login&gt;&lt;password&gt;\(password)&lt;/password&gt;&lt;/login&gt;</pre>"),
             secrets: [password], kept: ["&lt;password&gt;REDACTED&lt;/password&gt;"]),
        Case(kind: "character reference", name: "hexadecimal angle brackets around a secret element in text",
             interaction: text("request: &#x3C;client_secret&#x3E;\(opaque)&#x3C;/client_secret&#x3E;\n"),
             secrets: [opaque], kept: ["&#x3C;client_secret&#x3E;REDACTED&#x3C;/client_secret&#x3E;"]),
        Case(kind: "character reference", name: "an input whose name is written with a reference",
             interaction: html(#"<form><input type="password" name="pass&#119;ord" value="\#(password)"></form>"#),
             secrets: [password], kept: [#"name="pass&#119;ord" value="REDACTED">"#]),
        Case(kind: "character reference", name: "an assignment quoted with &quot;",
             interaction: html("<code>api_key=&quot;\(opaque)&quot;</code>"),
             secrets: [opaque], kept: ["<code>api_key=&quot;REDACTED&quot;</code>"]),
        Case(kind: "character reference", name: "JSON in a data attribute",
             interaction: html(#"<div id="app" data-props="{&quot;user&quot;:&quot;ann&quot;,&quot;apiKey&quot;:&quot;\#(opaque)&quot;}"></div>"#),
             secrets: [opaque], kept: ["{&quot;user&quot;:&quot;ann&quot;,&quot;apiKey&quot;:&quot;REDACTED&quot;}"]),
        Case(kind: "character reference", name: "a password echoed in HTML with named references",
             interaction: Samples.interaction(
                requestHeaders: ["Content-Type": "application/json"], requestBody: #"{"password":"p<ss>&\"w0rd-9"}"#,
                responseHeaders: ["Content-Type": "text/html"], responseBody: "<p>You typed \(entityPasswordInHTML)</p>"),
             secrets: [entityPasswordInHTML, #"p<ss>&\"w0rd-9"#], kept: ["<p>You typed REDACTED</p>"]),
    ]

    static let mailUser = Data("ann@example.com".utf8).base64EncodedString()
    static let mailPassword = Data(password.utf8).base64EncodedString()
    static let mailPlain = Data("\0ann@example.com\0\(password)".utf8).base64EncodedString()
    static let mailOAuth = Data("user=ann@example.com\u{1}auth=Bearer \(randomValue)\u{1}\u{1}".utf8).base64EncodedString()

    static let mailCases: [Case] = [
        Case(kind: "mail authentication", name: "SMTP AUTH LOGIN after 334 prompts (C:/S: transcript)",
             interaction: text("S: 220 mx.example.com ESMTP\nC: EHLO app\nS: 250-mx.example.com\nS: 250 AUTH LOGIN PLAIN\nC: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: \(mailUser)\nS: 334 UGFzc3dvcmQ6\nC: \(mailPassword)\nS: 235 2.7.0 Authentication successful\n"),
             secrets: [mailUser, mailPassword],
             kept: ["S: 250 AUTH LOGIN PLAIN\nC: AUTH LOGIN\nS: 334 VXNlcm5hbWU6\nC: REDACTED\nS: 334 UGFzc3dvcmQ6\nC: REDACTED\nS: 235 2.7.0"]),
        Case(kind: "mail authentication", name: "SMTP AUTH PLAIN with an initial response (swaks arrows)",
             interaction: text("<~  220 mx ESMTP\n ~> EHLO app\n<~  250 AUTH PLAIN LOGIN\n ~> AUTH PLAIN \(mailPlain)\n<~  235 2.0.0 OK\n ~> QUIT\n"),
             secrets: [mailPlain], kept: [" ~> AUTH PLAIN REDACTED\n<~  235 2.0.0 OK"]),
        Case(kind: "mail authentication", name: "SMTP AUTH PLAIN answering an empty 334",
             interaction: text("AUTH PLAIN\r\n334 \r\n\(mailPlain)\r\n235 Authentication successful\r\n"),
             secrets: [mailPlain], kept: ["AUTH PLAIN\r\n334 \r\nREDACTED\r\n235 Authentication successful"]),
        Case(kind: "mail authentication", name: "an SMTP log in a JSON string, AUTH LOGIN with the user inline",
             interaction: json(#"{"id":"msg_1","smtp_log":"220 mx ESMTP\r\nEHLO app\r\n250 AUTH LOGIN PLAIN\r\nAUTH LOGIN \#(mailUser)\r\n334 UGFzc3dvcmQ6\r\n\#(mailPassword)\r\n235 2.7.0 Accepted\r\n"}"#),
             secrets: [mailUser, mailPassword], kept: [#"250 AUTH LOGIN PLAIN\r\nAUTH LOGIN REDACTED\r\n334 UGFzc3dvcmQ6\r\nREDACTED\r\n235"#]),
        Case(kind: "mail authentication", name: "SMTP AUTH XOAUTH2 (a bearer token in base64)",
             interaction: text("C: AUTH XOAUTH2 \(mailOAuth)\nS: 235 2.7.0 Accepted\n"),
             secrets: [mailOAuth], kept: ["C: AUTH XOAUTH2 REDACTED\nS: 235"]),
        Case(kind: "mail authentication", name: "IMAP LOGIN in a transcript with a prefix",
             interaction: text("S: * OK IMAP4rev1 ready\nC: a001 LOGIN ann \(password)\nS: a001 OK LOGIN completed\n"),
             secrets: [password], kept: ["C: a001 LOGIN ann REDACTED\nS: a001 OK"]),
        Case(kind: "mail authentication", name: "IMAP LOGIN with quoted strings",
             interaction: text("a001 LOGIN \"ann@example.com\" \"\(phrase) x\"\na001 OK\n"),
             secrets: [phrase + " x"], kept: ["a001 LOGIN \"ann@example.com\" \"REDACTED\"\na001 OK"]),
        Case(kind: "mail authentication", name: "IMAP AUTHENTICATE PLAIN after a continuation",
             interaction: text("a002 AUTHENTICATE PLAIN\n+ \n\(mailPlain)\na002 OK Success\n"),
             secrets: [mailPlain], kept: ["a002 AUTHENTICATE PLAIN\n+ \nREDACTED\na002 OK Success"]),
        Case(kind: "mail authentication", name: "IMAP AUTHENTICATE PLAIN with an initial response",
             interaction: text("a003 AUTHENTICATE PLAIN \(mailPlain)\na003 OK\n"),
             secrets: [mailPlain], kept: ["a003 AUTHENTICATE PLAIN REDACTED\na003 OK"]),
        Case(kind: "mail authentication", name: "POP3 USER and PASS with a prefix",
             interaction: text("S: +OK POP3 ready\nC: USER ann\nS: +OK\nC: PASS \(password)\nS: +OK logged in\n"),
             secrets: [password], kept: ["C: USER ann\nS: +OK\nC: PASS REDACTED\nS: +OK logged in"]),
    ]
}
