#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay

/// How a fixture stores a body and how large it is, as `inspect` shows it (`json 42 B`, `empty`): the
/// kind is the native format's own choice (``StoredBodyKind``).
struct BodySummary: Sendable, Equatable {
    /// How the body is stored.
    var kind: StoredBodyKind
    /// The body's size in bytes.
    var bytes: Int

    /// The summary of `body` sent with `headers`.
    init(body: Data, headers: HTTPHeaders) {
        bytes = body.count
        kind = StoredBodyKind(body: body, headers: headers)
    }

    /// `empty`, or the kind and the size (`json 42 B`).
    var text: String {
        kind == .empty ? "empty" : "\(kind.rawValue) \(bytes) B"
    }
}
#endif
