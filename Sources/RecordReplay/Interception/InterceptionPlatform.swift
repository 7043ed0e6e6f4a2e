import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What URLSession interception does differently per platform, in one place.
///
/// - **Registration.** On Linux (swift-corelibs-foundation) the registered classes are consulted in the
///   order they were registered, and `URLSession.shared` copies that list when it is created; the
///   system's own protocols are re-registered after ours so ours comes first. Darwin consults the
///   latest registered class first.
/// - **Callbacks.** On Linux a protocol must call its client on the task's work queue (the client reads
///   the session's task registry, which only that queue may touch; calls from another thread crash
///   under load). `startLoading` runs on that queue, so an answer ready at once is delivered there and
///   then; a later one goes back to it through the queue found in the task. Darwin's client takes
///   calls from any thread.
enum InterceptionPlatform {
    /// Puts `protocolClass` ahead of the system's protocols among the registered classes.
    static func register(_ protocolClass: AnyClass) {
        _ = URLProtocol.registerClass(protocolClass)
        #if canImport(FoundationNetworking)
            for system in URLSessionConfiguration.default.protocolClasses ?? [] where ObjectIdentifier(system) != ObjectIdentifier(protocolClass) {
                URLProtocol.unregisterClass(system)
                _ = URLProtocol.registerClass(system)
            }
        #endif
    }

    /// The names of the protocol classes that `URLSession.shared` consults before `protocolClass`
    /// for an `https` request, when one of them would take it: empty when interception reaches it.
    static func classesAheadInSharedSession(of protocolClass: AnyClass) -> [String] {
        #if canImport(FoundationNetworking)
            let probe = URLRequest(url: URL(string: "https://interception.check/")!)
            var ahead: [String] = []
            for candidate in URLSession.shared.configuration.protocolClasses ?? [] {
                if ObjectIdentifier(candidate) == ObjectIdentifier(protocolClass) { return [] }
                ahead.append(String(describing: candidate))
                if let type = candidate as? URLProtocol.Type, type.canInit(with: probe) { return ahead }
            }
            return []
        #else
            return []
        #endif
    }

    /// Runs `delivery` where `task`'s client may be called, when it is not called from `startLoading`.
    static func deliverLater(for task: URLSessionTask?, _ delivery: @escaping @Sendable () -> Void) {
        #if canImport(FoundationNetworking)
            if let queue = workQueue(of: task) {
                queue.async(execute: delivery)
                return
            }
        #endif
        delivery()
    }

    #if canImport(FoundationNetworking)
        /// The task's internal work queue, found by reflection (swift-corelibs-foundation names it
        /// `workQueue`); `nil` if a future Foundation renames it (a test checks it is found).
        static func workQueue(of task: URLSessionTask?) -> DispatchQueue? {
            var mirror = task.map { Mirror(reflecting: $0) }
            while let current = mirror {
                for child in current.children where child.label == "workQueue" {
                    return child.value as? DispatchQueue
                }
                mirror = current.superclassMirror
            }
            return nil
        }
    #endif
}

/// Registers the intercepting protocol once per process.
enum InterceptionRegistration {
    private static let registered: Void = InterceptionPlatform.register(StubURLProtocol.self)

    static func register() {
        _ = registered
    }

    /// - Throws: ``URLSessionInterceptionError/sharedSessionCreatedFirst(protocolClasses:)`` when
    ///   `URLSession.shared` takes `https` requests with another protocol first.
    static func checkSharedSessionIsReachable() throws(URLSessionInterceptionError) {
        register()
        let ahead = InterceptionPlatform.classesAheadInSharedSession(of: StubURLProtocol.self)
        if !ahead.isEmpty { throw .sharedSessionCreatedFirst(protocolClasses: ahead) }
    }
}
