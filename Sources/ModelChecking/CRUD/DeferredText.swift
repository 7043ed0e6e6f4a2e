import ContractEngine

/// Text made when it is read: what a step observed, which only a failing run's report shows. Describing
/// every step's values as they were observed (through `Mirror`) was the larger part of a passing model
/// check's time.
package struct DeferredText: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    private let make: @Sendable () -> String

    /// Text already made.
    package init(_ text: String) {
        make = { text }
    }

    /// Text made by `make` each time it is read.
    package init(making make: @escaping @Sendable () -> String) {
        self.make = make
    }

    /// `value` as `describe` reads it: made when read, or now when `value` holds instances of `entityType`
    /// and those are class instances (``holdsObjects(_:)``), which may have changed by the time a report
    /// reads them. (A struct with a class instance in a stored property is read when the report is made.)
    package init<Value: Sendable>(
        describing value: Value, holding entityType: Any.Type, _ describe: @escaping @Sendable (Value) -> String
    ) {
        if holdsObjects(entityType) {
            self.init(describe(value))
        } else {
            self.init(making: { describe(value) })
        }
    }

    /// `error` as ``describe(_:)`` writes it: made when read, or now when the error is a class instance.
    ///
    /// A check records the errors of thousands of calls that are expected to fail (refusals), and reads
    /// few of them: describing each as it was thrown (its reflection included) was a few percent of a
    /// model check's time.
    package init(describingError error: any Error) {
        self.init(describing: error, holding: type(of: error)) { describe($0) }
    }

    package init(stringLiteral text: String) {
        self.init(text)
    }

    package init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    package var description: String { make() }

    package static func == (left: Self, right: Self) -> Bool { left.description == right.description }

    package func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

