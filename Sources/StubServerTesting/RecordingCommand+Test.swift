package import RecordReplay
package import Testing

extension RecordingCommand.TestIdentity {
    /// How `test` is named in the command that records its fixtures.
    package init(_ test: Test) {
        self.init(moduleName: test.id.moduleName, nameComponents: test.id.nameComponents)
    }
}
