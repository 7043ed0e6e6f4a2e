import RecordReplayFixtures

/// Credentials that the layout of a text marks rather than an assignment (`name=value`, `name: value`):
/// found with the other ``TextCredentials``, in every text the redaction and the scan read.
///
/// - **Files**: a Netscape `cookies.txt` row (seven tab-separated fields: the value is the last); a
///   PuTTY private key file (the lines after `Private-Lines:`); a CSV or TSV text whose header row names
///   a column like a credential (`api_key`, `password`): that column in every row.
/// - **Commands**: `curl -u` / `--user` / `--proxy-user` (`user:password`: the password, or the user
///   when the password is empty, as for an API key sent as the user); a `--password value` flag (any
///   flag named like a credential, followed by a space); `redis-cli -a`, `sshpass -p`, `docker login -p`,
///   `mysql -p<password>`; the Redis `AUTH [user] password` command and `requirepass` / `masterauth`
///   directives; FTP's and POP3's `PASS`; SQL's `IDENTIFIED BY` and `PASSWORD '…'`.
/// - **Mail authentication** (``MailAuthentication``): SMTP `AUTH` and IMAP `AUTHENTICATE` exchanges, the
///   initial response and every answer after a `334` or `+` prompt.
/// - **Connection strings without names**: Oracle's `user/password@host` after `jdbc:oracle:thin:` or
///   `oci:`, and after `sqlplus` or `CONNECT`.
///
/// Each line is read a bounded number of times, so the search is linear in the text.
enum TextStructures {
    typealias Found = TextCredentials.Found

    /// The credentials the structures of `bytes` mark, in order.
    static func find(in bytes: [UInt8], namesCredential: (String) -> Bool, work: inout ScanWork) -> [Found] {
        var found: [Found] = []
        var csv: CSVColumns?
        var puttyLinesLeft = 0
        var inPuTTYFile = false
        var mail = MailAuthentication()
        var lineStart = 0
        var lineNumber = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            work.add(lineEnd - lineStart + 1)
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
            let line = lineStart..<contentEnd
            if puttyLinesLeft > 0 {
                puttyLinesLeft -= 1
                add(line, "PuTTY private lines", to: &found, in: bytes)
            } else if starts(bytes, line, with: "PuTTY-User-Key-File-") {
                inPuTTYFile = true
            } else if inPuTTYFile, starts(bytes, line, with: "Private-Lines:") {
                let count = Int(text(bytes, (line.lowerBound + 14)..<line.upperBound).trimmingSpacesAndTabs()) ?? 0
                puttyLinesLeft = min(max(count, 0), 1_000)
            } else if lineNumber == 0 {
                csv = CSVColumns(header: line, in: bytes, namesCredential: namesCredential)
            } else if let columns = csv {
                for cell in columns.secretCells(of: line, in: bytes) { add(cell, "CSV column", to: &found, in: bytes) }
            }
            if let cookie = cookiesTxtValue(line, in: bytes) { add(cookie, "cookies.txt value", to: &found, in: bytes) }
            for range in CommandCredentials.find(in: bytes, line: line, namesCredential: namesCredential, work: &work) {
                add(range, "command credential", to: &found, in: bytes)
            }
            for range in mail.read(line, in: bytes) { add(range, "mail authentication", to: &found, in: bytes) }
            lineNumber += 1
            lineStart = lineEnd + 1
        }
        return found
    }

    private static func add(_ range: Range<Int>, _ label: String, to found: inout [Found], in bytes: [UInt8]) {
        let value = text(bytes, range)
        guard !range.isEmpty, value != Redaction.placeholder, !value.allSatisfy({ $0 == " " }) else { return }
        found.append(Found(range: range, kind: .structuredCredential, label: label))
    }

    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    static func starts(_ bytes: [UInt8], _ range: Range<Int>, with prefix: String) -> Bool {
        let prefix = Array(prefix.utf8)
        return range.count >= prefix.count && bytes[range.lowerBound..<(range.lowerBound + prefix.count)].elementsEqual(prefix)
    }

    /// The value field of a Netscape `cookies.txt` row: `domain ⇥ TRUE|FALSE ⇥ path ⇥ TRUE|FALSE ⇥ expiry ⇥
    /// name ⇥ value`.
    private static func cookiesTxtValue(_ line: Range<Int>, in bytes: [UInt8]) -> Range<Int>? {
        guard line.count > 12, bytes[line.lowerBound] != UInt8(ascii: "#") || starts(bytes, line, with: "#HttpOnly_") else {
            return nil
        }
        // Seven fields are six tabs: counted first, so that a long line of other text is not split.
        var tabs = 0
        var index = line.lowerBound
        while index < line.upperBound {
            if bytes[index] == UInt8(ascii: "\t") {
                tabs += 1
                if tabs > 6 { return nil }
            }
            index += 1
        }
        guard tabs == 6 else { return nil }
        let fields = bytes[line].split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        let flags = [fields[1], fields[3]].map { String(decoding: $0, as: UTF8.self).uppercased() }
        guard flags.allSatisfy({ $0 == "TRUE" || $0 == "FALSE" }), !fields[4].isEmpty,
            fields[4].allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") })
        else { return nil }
        return fields[6].startIndex..<fields[6].endIndex
    }
}

/// The columns of a CSV or TSV text whose header names a credential.
struct CSVColumns {
    let separator: UInt8
    let columns: Set<Int>
    let count: Int

    /// The columns of the header row at `line`; nil when it is no header (one cell, a cell that is not
    /// a name) or names no credential.
    init?(header line: Range<Int>, in bytes: [UInt8], namesCredential: (String) -> Bool) {
        guard let separator = Self.mostFrequentSeparator(in: line, of: bytes) else { return nil }
        let cells = Self.cells(of: line, in: bytes, separator: separator)
        let names = cells.map { TextStructures.text(bytes, $0).trimmingSpacesAndTabs() }
        guard names.count >= 2, names.allSatisfy({ name in
            !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || "_-. ".contains($0) }
        }) else { return nil }
        let columns = Set(names.indices.filter { namesCredential(names[$0]) })
        guard !columns.isEmpty else { return nil }
        self.separator = separator
        self.columns = columns
        self.count = names.count
    }

    /// The separator (`,`, tab, `;` or `|`) the line holds most often, the first of those on a tie; `nil`
    /// when it holds none. One pass over the line: it may be a whole text without a line break.
    static func mostFrequentSeparator(in line: Range<Int>, of bytes: [UInt8]) -> UInt8? {
        var counts = Array(repeating: 0, count: separators.count)
        // Through the buffers, the table read once: a debug build (`swift test`) retained the table and
        // went through its lazy initializer at every byte.
        separatorSlot.withUnsafeBufferPointer { slots in
            bytes.withUnsafeBufferPointer { bytes in
                var position = line.lowerBound
                while position < line.upperBound {
                    let slot = slots[Int(bytes[position])]
                    if slot >= 0 { counts[slot] += 1 }
                    position += 1
                }
            }
        }
        var best = 0
        for index in 1..<counts.count where counts[index] > counts[best] { best = index }
        return counts[best] > 0 ? separators[best] : nil
    }

    /// The separators a header may use, the first preferred on a tie.
    private static let separators: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: ";"), UInt8(ascii: "|")]

    /// For each byte value, its index in ``separators``, or -1: one look-up per byte of the line.
    private static let separatorSlot: [Int] = {
        var slots = Array(repeating: -1, count: 256)
        for (index, separator) in separators.enumerated() { slots[Int(separator)] = index }
        return slots
    }()

    /// The cells of a data row in the credential columns; none when the row has another cell count.
    func secretCells(of line: Range<Int>, in bytes: [UInt8]) -> [Range<Int>] {
        let cells = Self.cells(of: line, in: bytes, separator: separator)
        guard cells.count == count else { return [] }
        return columns.sorted().map { cells[$0] }
    }

    /// The cells of a row, each without its quotes; a quoted cell may hold the separator.
    static func cells(of line: Range<Int>, in bytes: [UInt8], separator: UInt8) -> [Range<Int>] {
        var cells: [Range<Int>] = []
        var position = line.lowerBound
        while position <= line.upperBound {
            if position < line.upperBound, bytes[position] == UInt8(ascii: "\"") {
                var end = position + 1
                while end < line.upperBound, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                cells.append((position + 1)..<end)
                position = end + 1
                while position < line.upperBound, bytes[position] != separator { position += 1 }
            } else {
                var end = position
                while end < line.upperBound, bytes[end] != separator { end += 1 }
                cells.append(position..<end)
                position = end
            }
            position += 1
        }
        return cells
    }
}
