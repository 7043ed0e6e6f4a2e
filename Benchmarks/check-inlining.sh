#!/usr/bin/env bash
# What the toolchain inlines across modules in a release build, and what the release server still calls.
#
# usage: Benchmarks/check-inlining.sh [--skip-build]
#
# 1. Builds, in a temporary folder, a package of two modules with `-c release`: module A declares
#    `@inlinable package` members on a `package enum`, on a `package final class` (generic), on a
#    `public enum` and on a `public final class`, and a free `@inlinable package` function; the executable
#    B uses each once. Prints, for each, whether B still calls it (`objdump -d`). With Swift 6.3.1 the
#    members of the two package types stay calls, the rest are inlined: why `HTTPByte`'s members live on
#    `UInt8` and `Protected` is a public class (see `Benchmarks/README.md`, the twelfth step).
# 2. Counts, in the release `bench-http-server` (built unless --skip-build), the calls to an
#    unspecialized `Protected.withLock` and to `HTTPByte`'s constants: 4 and 0 at `2aea911` (the four are
#    inside `RepositoryContractsPrimitives`'s own generic `OneShot`), 213 and 36 before it.
# Needs the Swift toolchain and objdump (binutils).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
skip_build=0
[ "${1:-}" = --skip-build ] && skip_build=1
command -v objdump >/dev/null || { echo "needs objdump (binutils)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/check-inlining.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/A" "$work/Sources/B"
cat > "$work/Package.swift" <<'EOF'
// swift-tools-version:6.0
import PackageDescription
let package = Package(name: "inlining", targets: [.target(name: "A"), .executableTarget(name: "B", dependencies: ["A"])])
EOF
cat > "$work/Sources/A/A.swift" <<'EOF'
public import Foundation
package enum PackageEnum {
    @inlinable package static var constant: UInt8 { 0x0A }
}
public enum PublicEnum {
    @inlinable package static var constant: UInt8 { 0x0B }
}
package final class PackageBox<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value
    package init(_ value: Value) { self.value = value }
    @inlinable package func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
public final class PublicBox<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value
    package init(_ value: Value) { self.value = value }
    @inlinable package func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
@inlinable package func freeConstant() -> UInt8 { 0x0C }
EOF
cat > "$work/Sources/B/main.swift" <<'EOF'
import A
let bytes = Array(CommandLine.arguments.joined().utf8)
var count = 0
for byte in bytes where byte == PackageEnum.constant || byte == PublicEnum.constant || byte == freeConstant() { count += 1 }
count += PackageBox(1).withLock { $0 += 1; return $0 }
count += PublicBox(1).withLock { $0 += 1; return $0 }
print(count)
EOF
echo "== a two-module package, swift build -c release ($(swift --version 2>&1 | head -1))"
swift build -c release --package-path "$work" > "$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
calls="$(objdump -d --no-show-raw-insn "$(swift build -c release --package-path "$work" --show-bin-path)/B" | grep 'call' || true)"
for member in "PackageEnum.constant:11PackageEnumO8constant" "PublicEnum.constant:10PublicEnumO8constant" \
    "PackageBox.withLock:10PackageBoxC8withLock" "PublicBox.withLock:9PublicBoxC8withLock" "freeConstant():12freeConstant"; do
    name="${member%%:*}" mangled="${member#*:}"
    if grep -q "$mangled" <<< "$calls"; then echo "  $name: called"; else echo "  $name: inlined"; fi
done

echo "== the release bench-http-server"
if [ "$skip_build" = 0 ]; then
    swift build -c release --package-path "$here" --product bench-http-server > "$work/server-build.log" 2>&1 \
        || { cat "$work/server-build.log" >&2; exit 1; }
fi
server="$(swift build -c release --package-path "$here" --show-bin-path)/bench-http-server"
disassembly="$(objdump -d --no-show-raw-insn "$server")"
echo "  calls to an unspecialized Protected.withLock: $(grep -c 'call.*29RepositoryContractsPrimitives9ProtectedC[A-Za-z0-9_]*8withLock' <<< "$disassembly" || true)"
echo "  calls to HTTPByte's constants: $(grep -cE 'call.*(8HTTPByteO|20RecordReplayMessagesE)(8lineFeed|14carriageReturn|5space|3tab|5colon|9semicolon|5comma)' <<< "$disassembly" || true)"
