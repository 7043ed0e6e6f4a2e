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
    /// and that is a class (or an array, set, dictionary or optional of one), whose instances may have
    /// changed by the time a report reads them. (A struct with a class instance in a stored property is
    /// read when the report is made.)
    package init<Value: Sendable>(describing value: Value, as entityType: Any.Type, _ describe: @escaping @Sendable (Value) -> String) {
        if holdsObjects(entityType) {
            self.init(describe(value))
        } else {
            self.init(making: { describe(value) })
        }
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

/// Whether values of `type` are class instances, or arrays, sets, dictionaries or optionals of them.
package func holdsObjects(_ type: Any.Type) -> Bool {
    if type is AnyObject.Type { return true }
    guard let container = type as? any ElementTyped.Type else { return false }
    return holdsObjects(container.elementType)
}

/// A standard container, by the type of what it holds.
package protocol ElementTyped {
    static var elementType: Any.Type { get }
}

extension Array: ElementTyped {
    package static var elementType: Any.Type { Element.self }
}

extension Set: ElementTyped {
    package static var elementType: Any.Type { Element.self }
}

extension Dictionary: ElementTyped {
    package static var elementType: Any.Type { Value.self }
}

extension Optional: ElementTyped {
    package static var elementType: Any.Type { Wrapped.self }
}
