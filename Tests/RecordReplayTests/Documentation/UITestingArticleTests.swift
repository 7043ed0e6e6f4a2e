import Foundation
import Testing

/// What the "UI tests" article says that is not Swift: its Info.plist fragment. (Its cross-process claims
/// are run by AppUnderUITestTests, with the example app.)
@Suite("Documentation: UI tests")
struct UITestingArticleTests {
    @Test("the article's Info.plist fragment is a well-formed plist entry that turns NSAllowsLocalNetworking on, and nothing else")
    func infoPlistFragment() throws {
        let blocks = ArticleText.blocks("xml", in: try ArticleText.article("UITesting"))
        #expect(blocks.count == 1)
        let fragment = try #require(blocks.first)
        let plist = Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \(fragment)
            </dict>
            </plist>
            """.utf8)
        let info = try #require(try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
        let security = try #require(info["NSAppTransportSecurity"] as? [String: Any])
        #expect(info.count == 1)
        #expect(security.count == 1)
        #expect(security["NSAllowsLocalNetworking"] as? Bool == true)
    }
}
