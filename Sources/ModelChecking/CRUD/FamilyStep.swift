import ContractEngine

/// What one family step did: what the trace shows, its Swift, and the rule it broke, if any.
struct FamilyStep: Sendable {
    /// What the subject did, for the trace: made when a report reads it.
    var observed: DeferredText
    /// The step as Swift on `repo`, `factory` and `sent`; `nil` for a skipped step.
    var swift: String?
    /// The check that failed (`"stale"`), what was wrong, what the model expected and what happened.
    var failure: (check: String, message: String, expected: String, actual: String)?
    /// Whether the step was skipped (it cannot apply here): shrinking drops it.
    var skipped = false

    /// A step that cannot apply, with why.
    static func skip(_ why: String) -> Self {
        Self(observed: "skipped: \(why)", swift: nil, skipped: true)
    }

    /// A step that found what it says.
    static func failed(
        _ check: String, _ message: String, expected: String, observed: DeferredText, swift: String?, actual: String? = nil
    ) -> Self {
        Self(observed: observed, swift: swift, failure: (check, message, expected, actual ?? observed.description))
    }
}

extension CallOutcome {
    /// The outcome as a request policy sees it: rejected with its kind, or returned.
    var returnedValue: Value? {
        if case .returned(let value) = self { value } else { nil }
    }

    /// The kind the error was classified as, when it threw.
    var thrownKind: RepositoryError.Kind?? {
        if case .threw(let kind, _) = self { kind } else { nil }
    }

    /// The text of a call that did not complete.
    var brokenText: String? {
        if case .broke(let text) = self { text } else { nil }
    }

    /// The outcome of a request a policy governs, when it did not throw: ignored, unless the policy
    /// allows only applying it.
    func resolved(under policy: RequestPolicy) -> RequestOutcome {
        if let kind = thrownKind { return .rejected(kind) }
        return policy.accepts(.ignored) || !policy.accepts(.applied) ? .ignored : .applied
    }
}

/// `sent[k]` for `.created(k)`, `factory.make(n)` for an unknown id: how a step names an entity in Swift.
func swiftEntity(_ reference: EntityReference) -> String {
    switch reference {
    case .created(let k): "sent[\(k)]"
    case .unknown(let n): "factory.make(\(EntityReference.unknownOrdinalBase + n))"
    }
}

/// A value as a Swift literal: text quoted and escaped, anything else as it prints.
func swiftLiteral(_ value: Any) -> String {
    if let text = value as? String { return String(reflecting: text) }
    return String(describing: value)
}
