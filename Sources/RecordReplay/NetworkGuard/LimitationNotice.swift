import RepositoryContractsPrimitives

/// What the guard cannot stop on this platform, said once per process: when the first guard begins.
enum LimitationNotice {
    /// The limitation on this platform, or `nil` where the guard stops every `URLSession` (Linux, whose
    /// URLSession runs on libcurl).
    static var text: String? {
        #if canImport(FoundationNetworking)
            return nil
        #else
            return """
                the network guard does not stop URLSession requests on this platform: CFNetwork ignores the \
                proxy environment variables the guard sets, so a URLSession made from .default or .ephemeral \
                still reaches the network while the guard is on (URLSession.shared is answered in process only while \
                URLSession interception is on). The guard stops libcurl clients and child processes that \
                honour http_proxy/https_proxy. Give the code under test the stub server's baseURL, or list \
                URLSessionInterception.protocolClass first in its session configuration's protocolClasses
                """
        #endif
    }

    private static let said = Protected(false)

    /// ``text`` the first time it is asked for in the process, `nil` afterwards and where there is none.
    static func takeFirst() -> String? {
        guard let text else { return nil }
        return said.withLock { said in defer { said = true }; return said ? nil : text }
    }
}
