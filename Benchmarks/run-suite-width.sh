#!/usr/bin/env bash
# The root package's own test suite, as `swift test` runs it (debug), at several Swift Testing widths.
#
# usage: Benchmarks/run-suite-width.sh [--rounds N] [--burners B] [--optimized] [WIDTH ...]
#   WIDTH      how many test cases Swift Testing runs at once, through SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH;
#              `unbounded` is Swift Testing's own default (every test case at once). Default: unbounded 2 4 8.
#   --rounds N rounds; each round runs every width once, in the order given (default 1: a run takes minutes)
#   --burners B  B CPU-burning processes beside every run, as `.ci/soak` starts them (default 0)
#   --no-count   without counting ioctl calls: the count's tracepoint slows a run that spins (on
#              2026-12-02 the debug suite took 157-174 s counted against 114 s not)
#   --optimized  also the same suite built optimized (`-Xswiftc -O`, in .build-opt; about 14 minutes the
#              first time on two cores), run right after the debug build at each width of each round
#   env:       SKIP_BUILD=1 (use the test binary already built)
#
# Builds the tests (`swift build --build-tests`), then runs the test binary once per width and round, and
# writes a table of the wall time, user and system CPU, the ioctl calls (the measure of URLSession's
# spin on Linux, when `perf` can count system calls) and the outcome to
# Benchmarks/results/suite-width-<UTC timestamp>.tsv. The package's test binary otherwise picks twice the
# cores itself (Tests/TestParallelism).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
rounds=1
burner_count=0
optimized=0
count_ioctls=1
widths=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift ;;
        --burners) burner_count="$2"; shift ;;
        --optimized) optimized=1 ;;
        --no-count) count_ioctls=0 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        *) widths+=("$1") ;;
    esac
    shift
done
[ ${#widths[@]} -gt 0 ] || widths=(unbounded 2 4 8)

cd "$root"
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "building the tests (debug, as swift test does)…" >&2
    swift build --build-tests >&2
    if [ "$optimized" = 1 ]; then
        echo "building the tests optimized (-Xswiftc -O, .build-opt)…" >&2
        swift build --build-tests --scratch-path .build-opt -Xswiftc -O >&2
    fi
fi
builds=(debug)
binaries=("$(swift build --show-bin-path)/swift-repository-contractsPackageTests.xctest")
if [ "$optimized" = 1 ]; then
    builds+=(optimized)
    binaries+=("$(swift build --scratch-path .build-opt --show-bin-path)/swift-repository-contractsPackageTests.xctest")
fi

counter=()
if [ "$count_ioctls" = 1 ] && command -v perf > /dev/null && perf stat -x, -e syscalls:sys_enter_ioctl -o /dev/null true 2> /dev/null; then
    counter=(perf stat -x, -e syscalls:sys_enter_ioctl -o)
fi

mkdir -p "$here/results"
out="$here/results/suite-width-$(date -u +%Y%m%dT%H%M%SZ).tsv"
work="$(mktemp -d)"
burners=()
stop_burners() {
    for pid in ${burners[@]+"${burners[@]}"}; do kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; done
    burners=()
}
trap 'stop_burners; rm -rf "$work"' EXIT
{
    echo "# $(git -C "$root" rev-parse --short HEAD), $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo ?), $burner_count burners beside each run"
    printf 'round\tbuild\twidth\twall_s\tuser_s\tsys_s\tioctls\toutcome\n'
} > "$out"
for round in $(seq 1 "$rounds"); do
    for width in "${widths[@]}"; do
      for index in "${!builds[@]}"; do
        build="${builds[$index]}"
        binary="${binaries[$index]}"
        # A width beyond any count of test cases is what Swift Testing does unbounded.
        named="$width"; [ "$width" != unbounded ] || named=1000000
        echo "round $round, $build, width $width…" >&2
        for _ in $(seq 1 "$burner_count"); do ( while :; do :; done ) & burners+=($!); done
        set +e
        if [ ${#counter[@]} -gt 0 ]; then
            SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="$named" /usr/bin/time -f '%e %U %S' -o "$work/time" \
                "${counter[@]}" "$work/perf" "$binary" --testing-library swift-testing < /dev/null > "$work/log" 2>&1
        else
            SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="$named" /usr/bin/time -f '%e %U %S' -o "$work/time" \
                "$binary" --testing-library swift-testing < /dev/null > "$work/log" 2>&1
        fi
        status=$?
        set -e
        stop_burners
        read -r wall user sys < <(tail -1 "$work/time")
        ioctls="-"; [ ! -f "$work/perf" ] || ioctls="$(grep ioctl "$work/perf" | cut -d, -f1)"
        outcome="passed"; [ "$status" = 0 ] || outcome="failed ($(grep -c '✘ Test .* failed' "$work/log") tests)"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$build" "$width" "$wall" "$user" "$sys" "$ioctls" "$outcome" | tee -a "$out" >&2
      done
    done
done
echo "wrote $out" >&2
