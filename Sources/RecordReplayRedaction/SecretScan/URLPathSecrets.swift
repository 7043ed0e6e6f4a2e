/// The secret segments of webhook, bot-token and signed URL paths, whatever the host: the part of the
/// path that is the credential, so it can be redacted segment by segment and the rest of the path kept
/// readable (`/services/T0A1B2C3D/B0A1B2C3D/REDACTED`).
///
/// The shapes, from the services' documented URL forms and the open-source scanners' default rules
/// (gitleaks' `slack-webhook-url`, `microsoft-teams-webhook`, `telegram-bot-api-token`):
/// - Slack: `/services/T…/B…/<secret>`, `/workflows/T…/A…/<digits>/<secret>`, `/triggers/T…/<digits>/<secret>`;
/// - Discord (and any `/webhooks/<snowflake>/<token>`): the token; Webex `/webhooks/incoming/<token>`;
/// - Microsoft Teams: every segment after `IncomingWebhook`;
/// - Telegram: `bot<5–16 digits>:<30+ characters>` (the token after `bot`), as `/bot…/getMe` or `/file/bot…/…`;
/// - Mattermost `/hooks/<26 characters>`, Rocket.Chat `/hooks/<id>/<token>`, Zapier `/hooks/catch/<digits>/<secret>`,
///   IFTTT `/with/key/<key>`, Feishu `/bot/v2/hook/<id>`, n8n `/webhook/<uuid>`, PagerDuty `/integration/<32 hex>`;
/// - signed image URLs: Cloudinary `s--<signature>--`, imgproxy and Thumbor `/<signature>/<options>/…`.
///
/// Every rule looks at a fixed number of segments around an anchor, so finding them is linear in the path.
enum URLPathSecrets {
    /// One secret: the segment's index and the byte range of the secret inside the text.
    struct Secret: Equatable {
        var segment: Int
        var range: Range<Int>
    }

    /// The secret segments among `segments` (byte ranges of `bytes`, in order, separators excluded), for
    /// the anchors at `anchors` (all by default); a rule looks up to two segments back and four ahead.
    static func secrets(
        in bytes: [UInt8], segments: [Range<Int>], anchors: Range<Int>? = nil, work: inout ScanWork
    ) -> [Secret] {
        var found: [Secret] = []
        func text(_ index: Int) -> ArraySlice<UInt8> {
            index >= 0 && index < segments.count ? bytes[segments[index]] : []
        }
        func add(_ index: Int) {
            guard index < segments.count, !segments[index].isEmpty, !isPlaceholder(text(index)),
                found.last?.segment != index
            else { return }
            found.append(Secret(segment: index, range: segments[index]))
        }
        for index in anchors ?? segments.indices {
            let segment = text(index)
            work.add(segment.count + 1)
            // Telegram: the token after `bot` in one segment.
            if let tokenStart = telegramTokenStart(segment) {
                found.append(Secret(segment: index, range: tokenStart..<segments[index].upperBound))
                continue
            }
            if isCloudinarySignature(segment) { add(index) }
            if isSignatureBeforeImageOptions(segment, next: text(index + 1)) { add(index) }
            // The anchors are short words: a longer segment is none of them.
            switch segment.count <= 16 ? String(decoding: segment, as: UTF8.self) : "" {
            case "services" where isSlackID(text(index + 1), "T") && isSlackID(text(index + 2), "B")
                && isRun(text(index + 3), .alphanumeric, atLeast: 16):
                add(index + 3)
            case "workflows" where isSlackID(text(index + 1), "T") && isSlackID(text(index + 2), "A")
                && isRun(text(index + 3), .digits, atLeast: 1) && isRun(text(index + 4), .alphanumeric, atLeast: 16):
                add(index + 4)
            case "triggers" where isSlackID(text(index + 1), "T") && isRun(text(index + 2), .digits, atLeast: 1)
                && isRun(text(index + 3), .alphanumeric, atLeast: 16):
                add(index + 3)
            case "webhooks" where isRun(text(index + 1), .digits, atLeast: 15) && isRun(text(index + 2), .base64URL, atLeast: 20):
                add(index + 2)
            case "webhooks" where text(index + 1).elementsEqual("incoming".utf8) && isRun(text(index + 2), .base64URL, atLeast: 20):
                add(index + 2)
            case "IncomingWebhook":
                for following in (index + 1)..<min(segments.count, index + 4)
                where isRun(text(following), .base64URL, atLeast: 16) {
                    add(following)
                }
            case "hooks" where text(index + 1).elementsEqual("catch".utf8) && isRun(text(index + 2), .digits, atLeast: 1)
                && isRun(text(index + 3), .alphanumeric, atLeast: 5):
                add(index + 3)
            case "hooks" where isRun(text(index + 1), .alphanumeric, atLeast: 17) && isRun(text(index + 2), .alphanumeric, atLeast: 20):
                add(index + 2)
            case "hooks" where isRun(text(index + 1), .lowerAlphanumeric, atLeast: 26) && text(index + 1).count == 26:
                add(index + 1)
            case "key" where text(index - 1).elementsEqual("with".utf8) && isRun(text(index + 1), .base64URL, atLeast: 10):
                add(index + 1)
            case "hook" where text(index - 1).elementsEqual("v2".utf8) && text(index - 2).elementsEqual("bot".utf8)
                && isRun(text(index + 1), .base64URL, atLeast: 16):
                add(index + 1)
            case "webhook" where RandomLookingToken.isUUID(text(index + 1)), "webhook-test" where RandomLookingToken.isUUID(text(index + 1)):
                add(index + 1)
            case "integration" where isRun(text(index + 1), .hex, atLeast: 32) && text(index + 1).count == 32:
                add(index + 1)
            default:
                break
            }
        }
        return found
    }

    private static func isPlaceholder(_ text: ArraySlice<UInt8>) -> Bool {
        text.elementsEqual(Redaction.placeholder.utf8)
    }

    private static func isRun(_ text: ArraySlice<UInt8>, _ characters: TokenShape.CharacterClass, atLeast minimum: Int) -> Bool {
        text.count >= minimum && text.allSatisfy(characters.contains) && !isPlaceholder(text)
    }

    /// `T`, `B` or `A` and at least six upper-case letters or digits: a Slack team, channel or app id.
    private static func isSlackID(_ text: ArraySlice<UInt8>, _ letter: Character) -> Bool {
        guard let first = text.first, first == letter.asciiValue, text.count >= 7 else { return false }
        return text.dropFirst().allSatisfy(TokenShape.CharacterClass.upperAlphanumeric.contains)
    }

    /// Where the token of a `bot<digits>:<token>` segment starts (at its digits), or nil.
    private static func telegramTokenStart(_ segment: ArraySlice<UInt8>) -> Int? {
        guard segment.count > 40, segment.starts(with: "bot".utf8) else { return nil }
        let digitsStart = segment.startIndex + 3
        guard let colon = segment[digitsStart...].firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let digits = colon - digitsStart
        guard (5...16).contains(digits), segment[digitsStart..<colon].allSatisfy(TokenShape.CharacterClass.digits.contains)
        else { return nil }
        let token = segment[(colon + 1)...]
        return token.count >= 30 && token.allSatisfy(TokenShape.CharacterClass.base64URL.contains) ? digitsStart : nil
    }

    /// `s--<8 to 32 base64url characters>--`: Cloudinary's signature component.
    private static func isCloudinarySignature(_ segment: ArraySlice<UInt8>) -> Bool {
        guard segment.count >= 13, segment.count <= 37, segment.starts(with: "s--".utf8), segment.suffix(2).elementsEqual("--".utf8)
        else { return false }
        return segment.dropFirst(3).dropLast(2).allSatisfy(TokenShape.CharacterClass.word.contains)
    }

    /// A 27-to-64-character base64url segment followed by image-processing options (`rs:fill:300`,
    /// `300x200`, `fit-in`, `plain`, `filters:…`): the signature of an imgproxy or Thumbor URL.
    private static func isSignatureBeforeImageOptions(_ segment: ArraySlice<UInt8>, next: ArraySlice<UInt8>) -> Bool {
        let body = segment.last == UInt8(ascii: "=") ? segment.dropLast() : segment
        guard (27...64).contains(body.count), body.allSatisfy(TokenShape.CharacterClass.base64URL.contains),
            body.contains(where: TokenShape.CharacterClass.digits.contains) || body.contains(where: { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        else { return false }
        guard next.count <= 64 else { return false }
        let options = String(decoding: next, as: UTF8.self)
        if ["plain", "fit-in", "smart", "trim", "adaptive-fit-in", "full-fit-in"].contains(options) { return true }
        if let colon = options.firstIndex(of: ":"), options[..<colon].allSatisfy({ $0.isLetter || $0 == "_" }) { return true }
        let sides = options.split(separator: "x", omittingEmptySubsequences: false)
        return sides.count == 2 && sides.allSatisfy { $0.allSatisfy { $0.isNumber || $0 == "-" } } && options.count >= 3
    }
}
