import Foundation

/// What the harness around a run lets a shared backend's reset do, decided where the harness knows the
/// scope (the Swift Testing and XCTest glue know the stub server scope): reset it, skip it because no
/// live backend is involved, or withhold it because the scope must not change live data.
package struct ResetGate: Sendable {
    /// What happens to one backend's reset before a clause.
    package enum Decision: Sendable, Equatable {
        /// Run the reset.
        case reset
        /// Skip it: nothing live is involved (the scope only replays fixtures).
        case skip
        /// Skip it because it would change live data the scope may only read; `notice` says so, once
        /// per backend and process.
        case withhold(notice: String)
    }

    /// Decides for one backend.
    package var decide: @Sendable (SharedBackend) -> Decision
    /// Gives a notice to the user (a warning issue, a line on standard error).
    package var announce: @Sendable (String) -> Void

    package init(
        decide: @escaping @Sendable (SharedBackend) -> Decision,
        announce: @escaping @Sendable (String) -> Void = ResetGate.announceOnStandardError
    ) {
        self.decide = decide
        self.announce = announce
    }

    /// Outside any harness scope every reset runs.
    package static let always = ResetGate(decide: { _ in .reset })

    /// The gate of the current task: the harness installs its own around a run.
    @TaskLocal package static var current = ResetGate.always

    /// Writes `notice` to standard error as a warning line.
    package static let announceOnStandardError: @Sendable (String) -> Void = { notice in
        FileHandle.standardError.write(Data("warning: \(notice)\n".utf8))
    }
}
