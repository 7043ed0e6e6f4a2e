import RepositoryContractsPrimitives

/// A repository operation that a clause needed to succeed, and that did not.
public struct OperationFailure: Error, CustomStringConvertible {
    /// Why it failed.
    ///
    /// A struct over private storage rather than an enum, so that a new reason is not a breaking change
    /// for code that switches over the ones it knows: read ``error`` and ``stall``.
    public struct Reason: Sendable {
        /// The reasons, for the package's own exhaustive switches.
        package enum Kind: Sendable {
            case threw(any Error)
            case timedOut(Stall)
        }

        /// Which reason this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The conformer threw.
        public static func threw(_ error: any Error) -> Reason { Reason(.threw(error)) }

        /// The call went the conformance's timeout without any sign of progress (or ran far longer than
        /// it while work kept moving): how it looked then.
        public static func timedOut(_ stall: Stall) -> Reason { Reason(.timedOut(stall)) }

        /// What the conformer threw, if it threw.
        public var error: (any Error)? {
            if case .threw(let error) = kind { error } else { nil }
        }

        /// How the call looked when it timed out, if it did.
        public var stall: Stall? {
            if case .timedOut(let stall) = kind { stall } else { nil }
        }
    }

    /// The call, as the clause made it ("update(Todo(id: 3, …))").
    public var operation: String
    /// Why it failed.
    public var reason: Reason

    /// `operation` failed for `reason`.
    package init(operation: String, reason: Reason) {
        self.operation = operation
        self.reason = reason
    }

    /// The call and why it failed, with what the watchdog saw when it timed out.
    public var description: String {
        switch reason.kind {
        case .threw(let error as CallbackError):
            "\(error)"
        case .threw(let error):
            "\(operation) threw \(describe(error)), but the clause needs it to succeed"
        case .timedOut(let stall):
            "\(operation) did not complete: \(stall)"
        }
    }
}

/// An error as `type: description`, so that `Error` values without a useful description still say what
/// they are; with the details a plain description hides: the debug description when the error has one
/// that says more (a PostgreSQL error's SQLSTATE), else the fields of its own the description leaves out.
package func describe(_ error: any Error) -> String {
    let text = String(describing: error)
    let type = String(describing: Swift.type(of: error))
    let shown = text.hasPrefix(type) ? text : "\(type): \(text)"
    // Without a debug description of its own, an error reflects as its description, or as it with the
    // type's module in front.
    let debug = String(reflecting: error)
    if !debug.hasSuffix(text), !shown.contains(debug) {
        return "\(shown) (debug description: \(debug))"
    }
    let hidden = Mirror(reflecting: error).children.compactMap { child -> String? in
        guard let label = child.label, !label.hasPrefix("_"), let value = plainField(child.value), !text.contains(value.raw) else {
            return nil
        }
        // Failure messages reach CI logs: a field named like a credential is named, never shown.
        return isCredentialName(label) ? "\(label): <redacted>" : "\(label): \(value.shown)"
    }
    return hidden.isEmpty ? shown : "\(shown) [\(hidden.prefix(8).joined(separator: ", "))]"
}

/// Whether an error's field named `label` may hold a credential (`token`, `apiKey`, `password`, …).
private func isCredentialName(_ label: String) -> Bool {
    let name = label.lowercased().filter { $0.isLetter }
    return ["token", "secret", "password", "passwd", "authorization", "apikey", "credential", "cookie", "bearer", "privatekey"]
        .contains { name.contains($0) }
}

/// A field's value as it is (`raw`) and as a message shows it, for the plain values an error's fields
/// hold (text, numbers, flags, and optionals of them); `nil` for anything else.
private func plainField(_ value: Any) -> (raw: String, shown: String)? {
    return switch value {
    case let text as String: (text, String(reflecting: abbreviate(text, limit: 120)))
    case let text as Substring: (String(text), String(reflecting: abbreviate(String(text), limit: 120)))
    case let number as any BinaryInteger: (String(describing: number), String(describing: number))
    case let number as Double: (String(number), String(number))
    case let flag as Bool: (String(flag), String(flag))
    default: Mirror(reflecting: value).displayStyle == .optional ? Mirror(reflecting: value).children.first.flatMap { plainField($0.value) } : nil
    }
}

extension Stall: CustomStringConvertible {
    /// What the watchdog saw, so that a hang can be told from a slow call and from a slow machine, and
    /// the knob that gives a slow call more time.
    public var description: String {
        let timeout = "the conformance's timeout of \(limit.secondsText)"
        var lastMoves: [String] = []
        if let since = sinceLocalProgress { lastMoves.append("another call of this subject ended \(since.secondsText(fractionDigits: 1)) ago") }
        if let since = sinceOtherProgress {
            let what = lastOtherMovement.map { " (last: \($0))" } ?? ""
            lastMoves.append("other work in this process moved \(since.secondsText(fractionDigits: 1)) ago\(what)")
        }
        if reachedCeiling {
            return "still running after \(running.secondsText(fractionDigits: 1)), \(ceilingFactor) × \(timeout), although work kept "
                + "moving (\(lastMoves.joined(separator: "; "))): a loop that never ends, or a timeout far too short "
                + "for this machine"
        }
        let moved = lastMoves.isEmpty
            ? "nothing else moved while it ran (no other call of this subject ended, no stub server answered)"
            : "the last sign of progress: \(lastMoves.joined(separator: "; "))"
        return "running for \(running.secondsText(fractionDigits: 1)) with no sign of progress for \(limit.secondsText) (\(timeout)); "
            + "\(moved); \(diagnosis). \(knob)"
    }

    /// Slow or stuck, as far as the process's CPU time tells.
    private var diagnosis: String {
        let stuck = "a completion handler that is never called, a lock never released, or a request never answered"
        guard let cpuUsed, let cpuWindow, cpuWindow > .zero else {
            return "it may be stuck (\(stuck)) or only slow"
        }
        // Tenths of a second over a window of seconds; milliseconds over a shorter one, where tenths
        // would print a busy process as "0.0 s of CPU in the last 0.1 s".
        let digits = cpuWindow < .seconds(1) ? 3 : 1
        let spent = "\(cpuUsed.secondsText(fractionDigits: digits)) of CPU in the last \(cpuWindow.secondsText(fractionDigits: digits))"
        if cpuUsed * 2 >= cpuWindow {
            return "the process kept a core busy meanwhile (\(spent)), so the call looks slow rather than stuck "
                + "(a large query, a scan per call), or something else in the process is computing"
        }
        if cpuUsed * 10 < cpuWindow {
            return "the process was idle meanwhile (\(spent)), so the call looks stuck (\(stuck)), "
                + "or it waits on something slow outside this process"
        }
        return "it may be stuck (\(stuck)) or only slow (\(spent))"
    }

    /// How to give a call that is only slow the time it needs.
    private var knob: String {
        let suggested = max(Int((running * 4) / .seconds(1)), 10)
        return "If one call may legitimately take this long, raise the conformance's timeout: "
            + "Conformance(…, timeout: .seconds(\(suggested)))"
    }
}
