// The layers `RecordReplay` stands on have no product of their own: their public types (the request and
// response values, `ServerOptions`, `Fixture`, `Redaction`, …) are part of this module's API, so
// `import RecordReplay` brings them; `@_spi(Benchmarks) import RecordReplay` brings their benchmark-only
// symbols too.
@_exported public import RecordReplayMessages
@_spi(Benchmarks) @_exported public import RecordReplayWire
@_spi(Benchmarks) @_exported public import RecordReplayFixtures
@_spi(Benchmarks) @_exported public import RecordReplayRedaction
