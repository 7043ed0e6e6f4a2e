extension EdgeCases {
    /// Which derived values a conformance leaves out: one value by the name a report prints it under, or
    /// one kind of value in every field.
    ///
    /// ```swift
    /// edgeCases: .excluding(.nulInText, because: "PostgreSQL refuses NUL in text (SQLSTATE 22021)")
    /// edgeCases: .excluding(.named("$.createdAt: before 1970"), because: "the column is unsigned")
    /// ```
    public struct DerivedValues: Sendable, Hashable, CustomStringConvertible {
        /// The full name to match (`$.title: NUL`), or `nil` to match by ``label`` in every field.
        private let name: String?
        /// The value's label, after the field in a name (`NUL`), when matching every field.
        private let label: String?
        /// How the values read in a report.
        private let title: String

        private init(name: String?, label: String?, title: String) {
            self.name = name
            self.label = label
            self.title = title
        }

        /// The one derived value named `name`, as failures and reports print it: `"$.title: NUL"`.
        public static func named(_ name: String) -> Self {
            Self(name: name, label: nil, title: name)
        }

        /// Every derived value labelled `label`, in whichever field it is tried: `"NUL"`,
        /// `"sub-microsecond"`, `"emoji ZWJ sequences"` (the part of a name after the field).
        public static func labelled(_ label: String) -> Self {
            Self(name: nil, label: label, title: "every \"\(label)\" value")
        }

        /// A NUL character inside text, in every string field: what PostgreSQL refuses (SQLSTATE 22021) and
        /// what C-string APIs cut the text at.
        public static var nulInText: Self {
            Self(name: nil, label: "NUL", title: "NUL in text")
        }

        /// Dates with a part below the microsecond, in every date field: what a store that keeps
        /// microseconds (PostgreSQL) cannot keep.
        public static var datesBelowTheMicrosecond: Self {
            Self(name: nil, label: "sub-microsecond", title: "dates below the microsecond")
        }

        /// How the values read in a report: the name, `NUL in text`, or `every "emoji ZWJ sequences" value`.
        public var description: String { title }

        /// Whether the derived value `edgeCase` is one of these.
        func contains<Entity>(_ edgeCase: EdgeCase<Entity>) -> Bool {
            if let name { return edgeCase.name == name }
            return edgeCase.label == label
        }

        /// How a conformance leaves out the value named `name` with label `label`, in Swift: the kind's own
        /// name where it has one (`.nulInText`), else `.named("$.title: NUL")`.
        package static func spelling(name: String, label: String) -> String {
            if label == nulInText.label { return ".nulInText" }
            if label == datesBelowTheMicrosecond.label { return ".datesBelowTheMicrosecond" }
            return ".named(\(String(reflecting: name)))"
        }
    }

    /// Derived values a conformance leaves out, and why: reports name each one left out with the reason.
    public struct Exclusion: Sendable, Hashable, CustomStringConvertible {
        /// The values left out.
        public let values: DerivedValues
        /// Why: what the store does with them (`PostgreSQL refuses NUL in text (SQLSTATE 22021)`).
        public let reason: String

        /// Leaves `values` out, because of `reason`.
        public init(_ values: DerivedValues, because reason: String) {
            self.values = values
            self.reason = reason
        }

        /// `NUL in text (PostgreSQL refuses NUL in text)`.
        public var description: String { "\(values) (\(reason))" }
    }

    /// These settings, with `values` left out of the derived edge cases because of `reason`: neither the
    /// CRUD clauses nor the model-based check try them, and the clauses that would have name each one with
    /// the reason. Chain calls to leave out more.
    public func excluding(_ values: DerivedValues, because reason: String) -> Self {
        var settings = self
        settings.exclusions.append(Exclusion(values, because: reason))
        return settings
    }

    /// The engine's own edge cases but `values`, left out because of `reason`:
    /// `edgeCases: .excluding(.nulInText, because: "PostgreSQL refuses NUL in text (SQLSTATE 22021)")`.
    public static func excluding(_ values: DerivedValues, because reason: String) -> Self {
        Self.derived.excluding(values, because: reason)
    }

    /// The exclusion that leaves `edgeCase` out, if any.
    func exclusion<Entity>(of edgeCase: EdgeCase<Entity>) -> Exclusion? {
        exclusions.first { $0.values.contains(edgeCase) }
    }
}
