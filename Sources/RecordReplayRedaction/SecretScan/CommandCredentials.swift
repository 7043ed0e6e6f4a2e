import RecordReplayMessages

/// The credentials of command lines and protocol commands in one line of text (see ``TextStructures``):
/// `curl -u user:password`, `--password value`, `redis-cli -a`, Redis `AUTH`, FTP and POP3 `PASS`, IMAP
/// `LOGIN` (those three also after a transcript's prefix such as `C: `), SQL `IDENTIFIED BY`, Oracle's
/// `user/password@host`.
enum CommandCredentials {
    /// One word of a line: its range (without quotes) and its text.
    private struct Word {
        var range: Range<Int>
        var text: String
        var quoted: Bool
        var lowered: String { text.lowercased() }
    }

    /// The longest line read word by word: a longer one is data, not a command.
    private static let longestLine = 4_096

    /// The credentials in `line` of `bytes`.
    static func find(in bytes: [UInt8], line: Range<Int>, namesCredential: (String) -> Bool, work: inout ScanWork) -> [Range<Int>] {
        guard line.count >= 6, line.count <= longestLine else { return [] }
        var found = oracleThin(in: bytes, line: line)
        let words = Self.words(in: bytes, line: line)
        work.add(line.count)
        guard words.count >= 2 else { return found }
        let lowered = words.map(\.lowered)
        func add(_ word: Word, dropping prefix: Int = 0) {
            var range = (word.range.lowerBound + prefix)..<word.range.upperBound
            while range.count > 1, [UInt8(ascii: ";"), UInt8(ascii: ",")].contains(bytes[range.upperBound - 1]), !word.quoted {
                range = range.lowerBound..<(range.upperBound - 1)
            }
            let value = String(decoding: bytes[range], as: UTF8.self)
            guard TextCredentials.isSecretValue(value, quoted: true) else { return }
            found.append(range)
        }
        let isCurl = lowered.contains { $0 == "curl" || $0.hasSuffix("/curl") }
        let isMySQL = lowered.contains { ["mysql", "mariadb", "mysqldump", "mysqladmin"].contains($0) }
        let commands = Set(lowered)
        for index in words.indices {
            let word = lowered[index]
            let next = index + 1 < words.count ? words[index + 1] : nil
            // curl's user and password.
            if ["--user", "--proxy-user"].contains(word) || (isCurl && ["-u", "-U"].contains(word)), let next {
                addUserPassword(next, add: add)
            } else if word.hasPrefix("--user="), isCurl || words[index].text.contains(":") {
                addUserPassword(words[index], dropping: 7, add: add)
            } else if isCurl, word.hasPrefix("-u"), word.count > 2, !word.hasPrefix("--") {
                addUserPassword(words[index], dropping: 2, add: add)
            } else if (word == "-a" && commands.contains("redis-cli")) || (word == "-p" && (commands.contains("sshpass")
                || (commands.contains("docker") && commands.contains("login")))), let next
            {
                add(next)
            } else if isMySQL, word.hasPrefix("-p"), word.count > 2, !word.hasPrefix("--") {
                add(words[index], dropping: 2)
            } else if word.hasPrefix("-"), !word.contains("="), word.count > 2, let next, !next.text.hasPrefix("-"),
                next.quoted || !next.text.allSatisfy({ $0.isLowercase }),
                namesCredential(String(words[index].text.drop { $0 == "-" }))
            {
                // `--password value`, `--api-token value`; not prose (`--password is read from stdin`): an
                // unquoted value of lower-case letters only is taken for a word.
                add(next)
            } else if ["requirepass", "masterauth"].contains(word), let next {
                add(next)
            } else if word == "identified", next?.lowered == "by", index + 2 < words.count {
                add(words[index + 2])
            } else if word == "password", let next, next.quoted {
                add(next)
            }
        }
        // Redis `AUTH [user] password` (also inside `HELLO 3 AUTH user password`), FTP and POP3
        // `PASS password`, IMAP `tag LOGIN user password`; each also after a transcript's prefix (`C: `).
        // `AUTH` before a SASL mechanism is a mail exchange (``MailAuthentication``) or a capability
        // (`250 AUTH LOGIN PLAIN`), not Redis.
        let start = TranscriptPrefix.isPrefix(words[0].text.utf8) ? 1 : 0
        if let auth = words.indices.first(where: { words[$0].text == "AUTH" || (words[$0].text == "auth" && $0 == start) }),
            words.count - auth - 1 >= 1, words.count - auth - 1 <= 2,
            !MailAuthentication.mechanisms.contains(lowered[auth + 1])
        {
            let last = words[words.count - 1]
            let mechanism = words.count - auth == 2 && last.text.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "-" }
            if !mechanism { add(last) }
        }
        if words.count - start == 2, words[start].text == "PASS" { add(words[start + 1]) }
        if words.count - start == 4, words[start + 1].text == "LOGIN" { add(words[start + 3]) }
        // `sqlplus user/password@db`, `CONNECT user/password@db`.
        if let command = lowered.firstIndex(where: { ["sqlplus", "connect", "conn"].contains($0) }) {
            for word in words[(command + 1)...].prefix(3) where !word.text.contains("://") {
                if let password = slashPassword(word.range, in: bytes) {
                    found.append(password)
                    break
                }
            }
        }
        return found
    }

    /// `user:password` → the password; `key:` (an API key sent as the user) → the user.
    private static func addUserPassword(_ word: Word, dropping prefix: Int = 0, add: (Word, Int) -> Void) {
        var prefix = prefix
        if word.text.dropFirst(prefix).first.map({ $0 == "'" || $0 == "\"" }) == true { prefix += 1 }
        let value = word.text.dropFirst(prefix)
        guard let colon = value.firstIndex(of: ":") else { return }
        let password = value[value.index(after: colon)...]
        if password.isEmpty {
            var user = word
            user.range = user.range.lowerBound..<(user.range.upperBound - 1)
            user.text = String(user.text.dropLast())
            add(user, prefix)
        } else {
            add(word, prefix + value.distance(from: value.startIndex, to: colon) + 1)
        }
    }

    /// Oracle's `jdbc:oracle:thin:user/password@…` and `oci:user/password@…`: the password.
    private static func oracleThin(in bytes: [UInt8], line: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for marker in [":thin:", ":oci:", ":oci8:"] {
            let needle = Array(marker.utf8)
            var from = line.lowerBound
            var work = ScanWork()
            let lowered = bytes[line].asciiLowercasedBytes
            while let start = lowered.firstOccurrence(of: needle, in: (from - line.lowerBound)..<lowered.count, work: &work) {
                let credentialsStart = line.lowerBound + start + needle.count
                from = credentialsStart
                var end = credentialsStart
                while end < line.upperBound, ![UInt8(ascii: "@"), UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[end]) {
                    end += 1
                }
                guard end < line.upperBound, bytes[end] == UInt8(ascii: "@"),
                    let password = slashPassword(credentialsStart..<(end + 1), in: bytes)
                else { continue }
                found.append(password)
            }
        }
        return found
    }

    /// In `user/password@host` (or `user/password`), the password's range.
    private static func slashPassword(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
        guard let slash = bytes[range].firstIndex(of: UInt8(ascii: "/")), slash > range.lowerBound else { return nil }
        let end = bytes[range].firstIndex(of: UInt8(ascii: "@")) ?? range.upperBound
        guard end > slash + 1, bytes[range.lowerBound..<slash].allSatisfy(TokenShape.CharacterClass.word.contains) else {
            return nil
        }
        let password = String(decoding: bytes[(slash + 1)..<end], as: UTF8.self)
        guard !password.contains("/"), TextCredentials.isSecretValue(password, quoted: true) else { return nil }
        return (slash + 1)..<end
    }

    /// The words of a line, split at spaces and tabs; a word that opens with a quote runs to the
    /// matching quote and is kept without them. A shell prompt (`$ `, `> `) is a word like any other.
    private static func words(in bytes: [UInt8], line: Range<Int>) -> [Word] {
        var words: [Word] = []
        var position = line.lowerBound
        while position < line.upperBound {
            let byte = bytes[position]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                position += 1
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                var end = position + 1
                while end < line.upperBound, bytes[end] != byte { end += 1 }
                words.append(Word(range: (position + 1)..<end, text: TextStructures.text(bytes, (position + 1)..<end), quoted: true))
                position = end + 1
                continue
            }
            var end = position
            while end < line.upperBound, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\t") { end += 1 }
            // `--user='a:b'`: the closing quote of an attached value is no part of it (the opening one is
            // skipped where the value is read).
            let closes = end - position > 2 && [UInt8(ascii: "'"), UInt8(ascii: "\"")].contains(bytes[end - 1])
                && bytes[position..<(end - 1)].contains(bytes[end - 1])
            let range = position..<(closes ? end - 1 : end)
            words.append(Word(range: range, text: TextStructures.text(bytes, range), quoted: closes))
            position = end
        }
        return words
    }
}
