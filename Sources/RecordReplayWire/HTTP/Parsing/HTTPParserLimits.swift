/// The size limits the request parser enforces while bytes arrive, and whether it takes a proxy's
/// `CONNECT`.
///
/// Part of the request decoder, which `.ci/fuzz` compiles alone with the message values; the server
/// fills it from ``ServerOptions``.
package struct HTTPParserLimits: Sendable, Equatable {
    /// The longest request line, without its line ending; a longer one is answered with 414.
    package var maxRequestLineBytes: Int
    /// The largest header section (field lines and the empty line ending it); larger is 431.
    package var maxHeaderBytes: Int
    /// The most header fields (and, separately, trailer fields); more is 431.
    package var maxHeaderCount: Int
    /// The largest request body after de-chunking; larger is 413.
    package var maxBodyBytes: Int
    /// The longest chunk-size line (size and extensions); longer is 400.
    package var maxChunkLineBytes: Int
    /// Whether a `CONNECT` request with an authority-form target (`api.example.com:443`) is accepted, as
    /// a proxy's listener must (the network guard's); `false` by default, and the stub server keeps it
    /// so: a target it cannot serve is 400 there.
    package var acceptsConnect = false

    /// Creates limits; the defaults are those of ``ServerOptions``.
    package init(
        maxRequestLineBytes: Int = 8 * 1024, maxHeaderBytes: Int = 64 * 1024, maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 64 * 1024 * 1024, maxChunkLineBytes: Int = 4 * 1024
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkLineBytes = maxChunkLineBytes
    }
}
