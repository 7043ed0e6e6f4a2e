/// How a conformer's pages behave, declared once with ``Conformance/paginated(_:)`` and checked by the
/// `pages.*` clauses. Pages follow the conformance's declared ``Ordering``.
///
/// ```swift
/// .paginated(Pagination(maximumLimit: 100, invalidCursor: .invalidInput))
/// ```
public struct Pagination: Sendable, CustomStringConvertible {
    /// How the last page says it is the last.
    ///
    /// A struct over private storage rather than an enum, so that a new way is not a breaking change for
    /// code that switches over the ones it knows (compare with `==`).
    public struct End: Sendable, Hashable, CustomStringConvertible {
        /// The ways, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, Hashable {
            case exact, mayEndWithEmptyPage
        }

        /// Which way this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// The page holding the last entity has no next cursor.
        public static let exact = End(.exact)
        /// As `.exact`, or that page has a next cursor and the page it leads to is empty and has none (an
        /// API that cannot know it served the last entity).
        public static let mayEndWithEmptyPage = End(.mayEndWithEmptyPage)

        /// `exact` or `mayEndWithEmptyPage`.
        public var description: String { kind.rawValue }
    }

    /// What a request for a page of 0, or of more than ``maximumLimit``, does.
    ///
    /// A struct over private storage rather than an enum, so that a new behaviour is not a breaking
    /// change for code that switches over the ones it knows (compare with `==`, or read
    /// ``isRejected`` and ``rejectionKind``).
    public struct LimitOutOfRange: Sendable, Hashable, CustomStringConvertible {
        /// The behaviours, for the package's own exhaustive switches.
        package enum Kind: Sendable, Hashable {
            case clamped
            case rejected(RepositoryError.Kind?)
        }

        /// Which behaviour this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// It is served with the nearest limit in range: an empty page for 0, the maximum above it.
        public static let clamped = LimitOutOfRange(.clamped)

        /// It throws; with a kind, an error of that kind.
        public static func rejected(_ errorKind: RepositoryError.Kind?) -> LimitOutOfRange {
            LimitOutOfRange(.rejected(errorKind))
        }

        /// Whether such a request throws.
        public var isRejected: Bool {
            if case .rejected = kind { true } else { false }
        }

        /// The kind of error a rejected request throws, when one is declared.
        public var rejectionKind: RepositoryError.Kind? {
            if case .rejected(let errorKind) = kind { errorKind } else { nil }
        }

        /// `clamped`, `rejected`, `rejected as invalidInput`: as failures name it.
        public var description: String {
            switch kind {
            case .clamped: "clamped"
            case .rejected(nil): "rejected"
            case .rejected(let errorKind?): "rejected as \(errorKind.rawValue)"
            }
        }
    }

    /// What an entity created or deleted between two page requests may do to the traversal.
    ///
    /// A struct over private storage rather than an enum, so that a new promise is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct ChangesBetweenPages: Sendable, Hashable, CustomStringConvertible {
        /// The promises, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, Hashable {
            case untouchedExactlyOnce, unspecified
        }

        /// Which promise this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Entities neither created nor deleted during the traversal each appear exactly once, and
        /// nothing appears twice (a keyset cursor).
        public static let untouchedExactlyOnce = ChangesBetweenPages(.untouchedExactlyOnce)
        /// No promise (offset pages shift when entities before the offset come or go).
        public static let unspecified = ChangesBetweenPages(.unspecified)

        /// `untouchedExactlyOnce` or `unspecified`.
        public var description: String { kind.rawValue }
    }

    /// The most entities a page may hold; `nil` for no maximum.
    public var maximumLimit: Int?
    /// What a limit of 0 does.
    public var zeroLimit: LimitOutOfRange
    /// What a limit above ``maximumLimit`` does.
    public var oversizedLimit: LimitOutOfRange
    /// The kind of error a cursor the store never issued gets; `nil` for any error.
    public var invalidCursor: RepositoryError.Kind?
    /// How the last page says it is the last.
    public var end: End
    /// What creating or deleting entities between page requests may do.
    public var changesBetweenPages: ChangesBetweenPages

    /// Declares the pages; the defaults are the strict keyset-cursor choices.
    public init(
        maximumLimit: Int? = nil,
        zeroLimit: LimitOutOfRange = .clamped,
        oversizedLimit: LimitOutOfRange = .clamped,
        invalidCursor: RepositoryError.Kind? = nil,
        end: End = .exact,
        changesBetweenPages: ChangesBetweenPages = .untouchedExactlyOnce
    ) {
        self.maximumLimit = maximumLimit
        self.zeroLimit = zeroLimit
        self.oversizedLimit = oversizedLimit
        self.invalidCursor = invalidCursor
        self.end = end
        self.changesBetweenPages = changesBetweenPages
    }

    /// What the clauses repeat in a failure.
    public var description: String {
        "pages: maximum limit \(maximumLimit.map(String.init) ?? "none"), limit 0 \(zeroLimit), oversized limit \(oversizedLimit), "
            + "invalid cursor \(invalidCursor.map { "rejected as \($0.rawValue)" } ?? "rejected"), end \(end), "
            + "changes between pages \(changesBetweenPages)"
    }

    /// Problems in the declaration itself.
    var mistakes: [String] {
        guard let maximumLimit, maximumLimit < 1 else { return [] }
        return ["pagination's maximumLimit is \(maximumLimit): a page must be able to hold at least 1 entity"]
    }
}

/// A cursor a conformer issued, with its type erased: handed back as it came.
public struct PageCursor: Sendable, CustomStringConvertible {
    /// The cursor itself.
    public let value: any Sendable
    /// How it prints in messages.
    public let description: String

    /// Wraps a cursor.
    public init(_ value: any Sendable) {
        self.value = value
        self.description = String(describing: value)
    }
}

/// One page a conformer returned: its entities, and the cursor of the next page (`nil` at the end).
public struct PageOfEntities<Entity: Sendable>: Sendable {
    /// The entities, in the declared order.
    public var entities: [Entity]
    /// Where the next page starts; `nil` when this is the last.
    public var next: PageCursor?

    /// A page.
    public init(entities: [Entity], next: PageCursor?) {
        self.entities = entities
        self.next = next
    }
}

/// How the contract reads a conformer's pages, whatever its cursor type: set on a witness with
/// ``RepositoryWitness/paging(invalidCursor:_:)`` or ``RepositoryWitness/pagingByOffset(_:)``.
public struct PageReader<Entity: Sendable>: Sendable {
    /// Reads the page after `cursor` (the first page for `nil`) holding at most `limit` entities.
    public let read: @Sendable (_ cursor: PageCursor?, _ limit: Int) async throws -> PageOfEntities<Entity>
    /// Cursors the conformer never issued, which it must refuse.
    public let invalidCursors: [PageCursor]
    /// Whether the cursor is an offset (pages may shift when entities come or go before it).
    public let isOffset: Bool

    /// A reader from its parts.
    public init(
        invalidCursors: [PageCursor], isOffset: Bool,
        read: @escaping @Sendable (_ cursor: PageCursor?, _ limit: Int) async throws -> PageOfEntities<Entity>
    ) {
        self.read = read
        self.invalidCursors = invalidCursors
        self.isOffset = isOffset
    }
}

/// Thrown by a ``PageReader`` handed a cursor of another type than its conformer issues.
struct ForeignCursor: Error, CustomStringConvertible {
    let cursor: PageCursor
    let expected: String
    var description: String { "the page reader was handed cursor \(cursor) of type \(type(of: cursor.value)), not \(expected)" }
}

extension RepositoryWitness {
    /// The same witness reading pages with cursors: `page(cursor, limit)` returns at most `limit`
    /// entities after `cursor` (from the start for `nil`) and the next page's cursor (`nil` at the end).
    ///
    /// ```swift
    /// .paging { cursor, limit in
    ///     let page = try await store.page(after: cursor, limit: limit)
    ///     return (page.notes, page.next)
    /// }
    /// ```
    ///
    /// - Parameter invalidCursor: A cursor the store never issues, which it must refuse. For `String`
    ///   and integer cursors the contract makes its own; give one for any other cursor type.
    public func paging<Cursor: Sendable>(
        invalidCursor: Cursor? = nil,
        _ page: @escaping @Sendable (_ cursor: Cursor?, _ limit: Int) async throws -> ([Entity], Cursor?)
    ) -> Self {
        var invalid: [PageCursor] = invalidCursor.map { [PageCursor($0)] } ?? []
        if invalid.isEmpty, let made = Self.madeInvalidCursors(of: Cursor.self) { invalid = made }
        var copy = self
        copy.pages = PageReader(invalidCursors: invalid, isOffset: false) { cursor, limit in
            var typed: Cursor?
            if let cursor {
                guard let value = cursor.value as? Cursor else { throw ForeignCursor(cursor: cursor, expected: "\(Cursor.self)") }
                typed = value
            }
            let answer = try await page(typed, limit)
            return PageOfEntities(entities: answer.0, next: answer.1.map { PageCursor($0) })
        }
        return copy
    }

    /// The same witness reading pages by offset: `page(offset, limit)` returns at most `limit` entities
    /// from `offset`. A page shorter than its limit is the last; a negative offset must be refused.
    public func pagingByOffset(_ page: @escaping @Sendable (_ offset: Int, _ limit: Int) async throws -> [Entity]) -> Self {
        var copy = self
        copy.pages = PageReader(invalidCursors: [PageCursor(-1)], isOffset: true) { cursor, limit in
            var offset = 0
            if let cursor {
                guard let value = cursor.value as? Int else { throw ForeignCursor(cursor: cursor, expected: "Int") }
                offset = value
            }
            let entities = try await page(offset, limit)
            return PageOfEntities(entities: entities, next: entities.count < limit || limit == 0 ? nil : PageCursor(offset + entities.count))
        }
        return copy
    }

    /// Cursors no store issues, for the cursor types the contract knows: text that is no encoding of
    /// anything, and negative integers.
    private static func madeInvalidCursors<Cursor>(of type: Cursor.Type) -> [PageCursor]? {
        if Cursor.self == String.self { return [PageCursor("%%not-a-cursor%%")] }
        if Cursor.self == Int.self { return [PageCursor(-1)] }
        return nil
    }
}
