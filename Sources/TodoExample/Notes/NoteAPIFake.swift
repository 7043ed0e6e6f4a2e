import RepositoryContractsPrimitives
import ContractEngine
import Foundation
public import MockTime
public import RecordReplay

/// The notes REST API that ``HTTPNoteRepository`` talks to, as a fake in code: the rules of a
/// ``NoteTable`` behind HTTP routes, stamped with a ``MockClock`` the test moves. A stateful responder
/// for the stub server (``NoteContracts/httpFakeAPI``), and what ``NoteAPIServer`` serves live to record
/// `Fixtures/Notes/` from.
///
/// | route | does | success |
/// |---|---|---|
/// | `GET /notes` | every live note, newest write first | `200` with an array |
/// | `GET /notes?tag=t` | the live notes tagged exactly `t` | `200` with an array |
/// | `GET /notes?limit=n` and `GET /notes?after=c&limit=n` | a page of at most `n` (`after`: a cursor it issued) | `200` with `{"notes": […], "next": …}` |
/// | `GET /notes/{id}` | the live note | `200` |
/// | `POST /notes` | create | `201` with the stored note |
/// | `POST /notes/batch` | create every note of the array, or none | `201` with the stored notes |
/// | `PUT /notes/{id}` | replace, whatever the version (last write wins) | `200` with the stored note |
/// | `PUT /notes/{id}` with `If-Match: "v"` | replace if still at version `v` | `200`; `412` when stale |
/// | `DELETE /notes/{id}` | soft delete: hidden, its id stays taken | `204` |
/// | `DELETE /notes/{id}?purge=true` | remove for good, freeing the id | `204` |
/// | `POST /notes/{id}/restore` | bring a soft-deleted note back | `200` with the note |
///
/// A refusal is a status with `{"error": "…"}`: `400` for invalid input (an empty title, a body that is
/// no note, a cursor it never issued, a limit that is no number), `404` for a missing (or soft-deleted)
/// note, `409` for a taken id, a batch that cannot be stored whole or a restore of a live note, `412` for
/// a stale `If-Match`; `404`/`405` for a route it does not have.
public final class NoteAPIFake: Sendable {
    private let table = Protected(NoteTable())
    /// The clock the API stamps `createdAt` and `updatedAt` with.
    public let clock: MockClock

    /// An API with no notes, stamping writes with `clock`'s date (a fresh ``MockClock`` unless given).
    public init(clock: MockClock = MockClock()) {
        self.clock = clock
    }

    /// Answers one request, changing the stored notes as the real API would.
    public func respond(to request: StubRequest) -> StubResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.first == "notes" else { return Self.problem(404, "no route for \(request.path)") }
        let rest = segments.dropFirst()
        let id = rest.first.flatMap { Int($0) }
        switch (request.method, rest.count) {
        case ("GET", 0): return read(request)
        case ("POST", 0): return write(201) { table, now in try table.create(try Self.note(in: request), now: now) }
        case ("POST", 1) where rest.first == "batch":
            return write(201) { table, now in try table.insertAll(try Self.decode([Note].self, request.body), now: now) }
        case (_, 1) where id != nil: return one(id ?? 0, request)
        case ("POST", 2) where id != nil && rest.last == "restore":
            return write(200) { table, _ in
                try table.restore(id: id ?? 0)
                return table.fetch(id: id ?? 0)
            }
        default: return Self.problem(404, "no route for \(request.method) \(request.path)")
        }
    }

    /// `GET /notes`, with or without a tag or a page's query.
    private func read(_ request: StubRequest) -> StubResponse {
        let query = Dictionary(request.query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        let table = table.withLock { $0 }
        if let tag = query["tag"] { return Self.json(200, table.notes(taggedWith: tag)) }
        guard query["limit"] != nil || query["after"] != nil else { return Self.json(200, table.live) }
        guard let limit = Int(query["limit"] ?? "") else {
            return Self.problem(400, "limit '\(query["limit"] ?? "")' is not a number")
        }
        do {
            let page = try table.page(after: query["after"], limit: limit)
            return Self.json(200, NotePageBody(notes: page.notes, next: page.next))
        } catch {
            return Self.failure(error)
        }
    }

    /// `GET`, `PUT` or `DELETE /notes/{id}`.
    private func one(_ id: Int, _ request: StubRequest) -> StubResponse {
        switch request.method {
        case "GET":
            guard let note = table.withLock({ $0.fetch(id: id) }) else { return Self.problem(404, "no note \(id)") }
            return Self.json(200, note)
        case "PUT":
            guard let ifMatch = request.headers["If-Match"] else {
                return write(200) { table, now in try table.update(try Self.note(in: request, id: id), now: now) }
            }
            guard let expected = Int(ifMatch.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))) else {
                return Self.problem(400, "If-Match '\(ifMatch)' is not a note version")
            }
            return write(200, staleStatus: 412) { table, now in
                try table.update(try Self.note(in: request, id: id), expectedVersion: expected, now: now)
            }
        case "DELETE":
            let purging = request.query.contains { $0.name == "purge" && $0.value == "true" }
            return write(204) { table, _ in
                if purging { try table.purge(id: id) } else { try table.softDelete(id: id) }
                return Optional<Note>.none
            }
        default: return Self.problem(405, "\(request.method) is not allowed on /notes/\(id)")
        }
    }

    /// Runs `change` on the table at the clock's time; `status` with what it returns (no body for `nil`),
    /// or the status of the error it throws (`staleStatus` for a conflict).
    private func write<Value: Encodable>(
        _ status: Int, staleStatus: Int = 409, _ change: (inout NoteTable, Date) throws -> Value?
    ) -> StubResponse {
        let now = clock.date
        do {
            let value = try table.withLock { table in
                var copy = table
                let value = try change(&copy, now)
                table = copy
                return value
            }
            return value.map { Self.json(status, $0) } ?? StubResponse(status: status)
        } catch let error as RepositoryError where error.kind == .conflict {
            return Self.problem(staleStatus, error.message)
        } catch {
            return Self.failure(error)
        }
    }

    private static func note(in request: StubRequest, id: Int? = nil) throws -> Note {
        let note = try decode(Note.self, request.body)
        if let id, note.id != id { throw RepositoryError(.invalidInput, "the body is note \(note.id), not \(id)") }
        return note
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ body: Data) throws -> Value {
        do {
            return try NoteJSON.decoder.decode(type, from: body)
        } catch {
            throw RepositoryError(.invalidInput, "the body is not a \(type)")
        }
    }

    private static func failure(_ error: any Error) -> StubResponse {
        guard let error = error as? RepositoryError else { return problem(500, "\(error)") }
        switch error.kind {
        case .notFound: return problem(404, error.message)
        case .conflict: return problem(409, error.message)
        case .invalidInput: return problem(400, error.message)
        default: return problem(500, error.message)
        }
    }

    private static func json(_ status: Int, _ value: some Encodable) -> StubResponse {
        let body = (try? NoteJSON.encoder.encode(value)) ?? Data()
        return StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    private static func problem(_ status: Int, _ detail: String) -> StubResponse {
        json(status, ["error": detail])
    }
}
