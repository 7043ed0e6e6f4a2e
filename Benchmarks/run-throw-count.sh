#!/usr/bin/env bash
# How many errors the test suite throws, and where (Linux): runs the test binary (built already, as
# `swift build --build-tests` leaves it) with throw-count/throw-count.c preloaded, then prints the total
# and the throwers that threw most, named with addr2line and swift-demangle.
#
#   Benchmarks/run-throw-count.sh [--top N] [test binary arguments, such as --filter X]
#
# Child processes the tests start inherit the preload, and those that are not Swift programs fail, so
# the run's own verdict means nothing here: only the counts do.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
top=25
if [[ "${1:-}" == "--top" ]]; then top=$2; shift 2; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift_lib=$(dirname "$(dirname "$(command -v swift)")")/lib/swift/linux
clang -shared -fPIC -O1 -o "$work/libthrow-count.so" "$root/Benchmarks/throw-count/throw-count.c" \
    -L"$swift_lib" -lswiftCore -ldl
cd "$root"
THROW_COUNT_OUTPUT="$work/counts.txt" LD_PRELOAD="$work/libthrow-count.so" \
    .build/debug/swift-repository-contractsPackageTests.xctest --testing-library swift-testing "$@" \
    < /dev/null > /dev/null 2>&1 || true
head -1 "$work/counts.txt"
tail -n +2 "$work/counts.txt" | sort -t$'\t' -k1 -rn | head -"$top" | while IFS=$'\t' read -r n type thrower; do
    file=${thrower%+*}
    offset=${thrower##*+}
    name=$(addr2line -f -e "$file" "0x$offset" 2>/dev/null | head -1 | swift-demangle --simplified --compact | cut -c1-100)
    printf '%8s  %-45s %s (%s)\n' "$n" "$type" "$name" "$(basename "$file")"
done
