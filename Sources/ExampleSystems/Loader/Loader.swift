public import Observation

/// What a ``Loader`` is doing: the single source of truth a view switches over.
public enum LoaderState<Output: Sendable>: Sendable {
    case ready
    case loading
    case success(Output)
    case failure(any Error)
}

/// The observable loader: an "instant view model" around an async closure
/// from an input to an output. `load()` does nothing once loaded unless asked to `refresh`; assigning a
/// new `input` reloads; concurrent loads of the same input share one call of the closure.
///
/// Observation needs macOS 14 / iOS 17, above the package's floor, hence the availability.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable
public final class Loader<Input: Equatable & Sendable, Output: Sendable> {
    public private(set) var state: LoaderState<Output> = .ready

    /// The input; assigning a different one starts loading it at once (state `loading`).
    public var input: Input {
        didSet {
            guard input != oldValue, !flaws.contains(.ignoresInputChange) else { return }
            start()
        }
    }

    @ObservationIgnored private let fetch: @Sendable (Input) async throws -> Output
    @ObservationIgnored private var inFlight: (input: Input, number: Int, task: Task<Void, Never>)?
    @ObservationIgnored private var started = 0
    @ObservationIgnored let flaws: LoaderFlaws

    public convenience init(input: Input, load: @escaping @Sendable (Input) async throws -> Output) {
        self.init(input: input, flaws: [], load: load)
    }

    package init(input: Input, flaws: LoaderFlaws, load: @escaping @Sendable (Input) async throws -> Output) {
        self.input = input
        self.flaws = flaws
        self.fetch = load
    }

    /// Loads the output for ``input``: joins a load of the same input in flight, does nothing once
    /// loaded unless `refresh`, and otherwise calls the closure (state `loading`, then `success` or
    /// `failure`).
    public func load(refresh: Bool = false) async {
        if let inFlight, inFlight.input == input, !flaws.contains(.noCoalescing) {
            return await inFlight.task.value
        }
        if !refresh, !flaws.contains(.alwaysReloads), case .success = state { return }
        await start().value
    }

    @discardableResult
    private func start() -> Task<Void, Never> {
        inFlight?.task.cancel()
        started += 1
        let (number, input, fetch) = (started, input, fetch)
        state = .loading
        let task = Task {
            let result: LoaderState<Output>
            do { result = .success(try await fetch(input)) } catch { result = .failure(error) }
            guard inFlight?.number == number else { return }  // superseded by a newer input
            inFlight = nil
            state = result
        }
        inFlight = (input, number, task)
        return task
    }
}

/// Deliberate bugs, for the loader contract's broken variants only.
package struct LoaderFlaws: OptionSet, Sendable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }
    /// `load()` calls the closure again once loaded, as if `refresh` were always true.
    package static let alwaysReloads = LoaderFlaws(rawValue: 1)
    /// Every `load()` calls the closure, even with a load of the same input in flight.
    package static let noCoalescing = LoaderFlaws(rawValue: 2)
    /// Assigning a new `input` does not reload.
    package static let ignoresInputChange = LoaderFlaws(rawValue: 4)
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Loader {
    /// Whether the state is `loading`.
    public var isLoading: Bool {
        if case .loading = state { return true }
        return false
    }

    /// The output, when the state is `success`.
    public var output: Output? {
        if case .success(let output) = state { return output }
        return nil
    }

    /// The error, when the state is `failure`.
    public var error: (any Error)? {
        if case .failure(let error) = state { return error }
        return nil
    }
}
