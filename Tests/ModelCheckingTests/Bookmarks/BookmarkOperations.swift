import ModelChecking

/// The operations of ``BookmarkStore``, declared once for the model-based check: all a user writes.
enum BookmarkOperations {
    // declaration: begin
    static let url = ValueKind<String>("url")
    static let urls = ["https://a.example", "https://b.example", "https://c.example"]
    static let tags = ["swift", "news", "ios"]

    static let all: [ProtocolOperation<any BookmarkStore>] = [
        .init("add", arguments: { d in (url: d.element(of: urls), tags: d.subset(of: tags)) },
              call: { try await $0.add($1.url, tags: $1.tags) }, produces: { [url.value($0.url)] },
              swift: { "store.add(\($0.url.swiftLiteral), tags: \($0.tags.swiftLiteral))" }),
        .init("bookmarks(tagged:)", arguments: { d in d.element(of: tags) },
              call: { try await $0.bookmarks(tagged: $1) }, swift: { "store.bookmarks(tagged: \($0.swiftLiteral))" }),
        .init("remove(url:)", arguments: { d in try d.seen(url) },
              call: { try await $0.remove(url: $1) }, swift: { "store.remove(url: \($0.swiftLiteral))" }),
        .init("rename(url:to:)", arguments: { d in (from: try d.seen(url), to: d.element(of: urls)) },
              precondition: { $0.from != $0.to }, call: { try await $0.rename(url: $1.from, to: $1.to) },
              swift: { "store.rename(url: \($0.from.swiftLiteral), to: \($0.to.swiftLiteral))" }),
        .init("all()", call: { try await $0.all() }, swift: "store.all()"),
    ]
    // declaration: end
}
