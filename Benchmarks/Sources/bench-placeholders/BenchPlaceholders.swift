import BenchSupport
import Foundation
@_spi(Benchmarks) import RecordReplay

/// `bench-placeholders [--rounds N] [--sizes 100000,1000000,10000000]`
///
/// What a recording with `ServerIdentifiers.placeholders` costs on one `POST` whose answer holds many
/// server-assigned UUIDs: a JSON array of todos, each with its id whole (`"id"`), in a URL, and inside
/// longer pieces (`"ref":"todo_<id>x"`, two ids side by side), about one id per 230 bytes (4,300 ids per
/// MB). Measured: `Fixture.withServerIdentifiersReplaced()` (learning the ids, numbering, replacing),
/// in MB/s of body, at each size. Beside it, in the same rounds, the A/A control: the same call measured
/// again right after (A′), so drift on the machine shows. Linear work gives the same MB/s at every size;
/// a search that loops over the ids for each piece falls with size (ids × bytes). To compare revisions,
/// build this benchmark at each and run both (Benchmarks/README.md gives the figures).
///
/// Prints a Markdown table: medians over the rounds, min–max, and ids per body.
@main
struct BenchPlaceholders {
    static func main() {
        do {
            let arguments = try Arguments()
            let rounds = try arguments.integer("rounds", default: 5)
            let sizes = (arguments.string("sizes") ?? "100000,1000000,10000000").split(separator: ",").compactMap { Int($0) }
            print("| size | ids | placeholders MB/s (median, min–max) | A′ (A/A control) MB/s |")
            print("|---|---|---|---|")
            for size in sizes {
                let (fixture, ids) = Self.fixture(size: size)
                check(fixture, ids: ids)
                var a: [Double] = [], control: [Double] = []
                for _ in 0..<rounds {
                    a.append(megabytesPerSecond(size) { _ = fixture.withServerIdentifiersReplaced() })
                    control.append(megabytesPerSecond(size) { _ = fixture.withServerIdentifiersReplaced() })
                }
                print("| \(grouped(size)) B | \(grouped(ids.count)) | \(summary(a)) | \(summary(control)) |")
            }
        } catch {
            emitError("bench-placeholders: \(error)")
            exit(1)
        }
    }

    /// A `POST /todos/bulk` answered with todos up to `size` bytes, and the ids in it.
    static func fixture(size: Int) -> (Fixture, [String]) {
        var items: [String] = [], ids: [String] = []
        var total = 2
        while total < size {
            let id = UUID().uuidString.lowercased()
            let previous = ids.last ?? id
            ids.append(id)
            let item = #"{"id":"\#(id)","title":"Buy milk and bread number \#(ids.count)","url":"https://api.example.com/todos/\#(id)","#
                + #""ref":"todo_\#(id)x","after":"\#(previous)\#(id)","done":false}"#
            items.append(item)
            total += item.utf8.count + 1
        }
        let body = Data(("[" + items.joined(separator: ",") + "]").utf8)
        let request = StubRequest(method: "POST", path: "/todos/bulk", headers: ["Content-Type": "application/json"], body: Data("[]".utf8))
        let response = StubResponse(status: 201, headers: ["Content-Type": "application/json"], body: body)
        return (Fixture(interactions: [Interaction(request: request, response: response)]), ids)
    }

    /// Stops the benchmark when the call under measure leaves an id behind: it must do the whole job.
    /// (Every 36-byte window of the body looked up in a set: `String.contains` per id would take hours.)
    static func check(_ fixture: Fixture, ids: [String]) {
        let body = [UInt8](fixture.withServerIdentifiersReplaced().interactions[0].response.body)
        let learned = Set(ids.map { Array($0.utf8) })
        for start in 0..<max(0, body.count - 35) where learned.contains(Array(body[start..<start + 36])) {
            emitError("bench-placeholders: id \(String(decoding: body[start..<start + 36], as: UTF8.self)) was left in the body")
            exit(1)
        }
    }

    static func megabytesPerSecond(_ size: Int, _ body: () -> Void) -> Double {
        let seconds = ContinuousClock().measure(body)
        let (whole, fraction) = seconds.components
        return Double(size) / 1e6 / (Double(whole) + Double(fraction) / 1e18)
    }

    static func summary(_ samples: [Double]) -> String {
        "\(formatted(Statistics.median(samples), decimals: 2)) (\(formatted(samples.min() ?? .nan, decimals: 2))–\(formatted(samples.max() ?? .nan, decimals: 2)))"
    }
}
