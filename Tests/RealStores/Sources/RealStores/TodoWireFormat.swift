public import Foundation

/// How the HTTP to-do API writes to-dos in JSON, for its server (`TodoBackend`) and its client
/// (``HTTPTodoStore``) alike: the docs' format, dates as milliseconds since 1970, members sorted.
public enum TodoWireFormat {
    /// Writes to-dos as the API sends and expects them.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Reads to-dos as the API sends and expects them.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
