@_exported import MockTime
