#!/usr/bin/env bash
# MockClock (the root package's MockTime) against swift-clocks 1.1.1 TestClock, in one process.
#
# usage: Benchmarks/run-clock.sh [--pin CPUS] [bench-clock options ...]
#   --pin CPUS  run under `taskset -c CPUS` (default: not pinned; see below)
#   bench-clock options, passed on as they are: --runs 5  --testclock-large-runs 3  --clocks mock,test
#               --scenarios idle,drain,ticks,race,loops  --idle-calls 1000000  --testclock-idle-calls 2000
#               --sizes 100,1000,10000  --ticks 10000  --testclock-ticks 1000  --race-iterations 5000
#               --load-threads 2  --race-wait-ms 20  --loops 1000  --loop-ticks 10
#   env:        SKIP_BUILD=1 (use the release binary already built)
#               SCRATCH_PATH=DIR (build in DIR instead of Benchmarks/.build)
#               QUICK=1 (small counts, 2 runs: a smoke run of a few seconds, not for numbers)
#               NOISY_PCT=25, QUIET_WAIT=30 (before starting, wait up to QUIET_WAIT s until other
#               processes use at most NOISY_PCT % of a core)
#
# Builds bench-clock in release, waits for a quiet machine, runs it, and writes its tables (plus the
# machine, the commit, the load and what other processes used meanwhile) to
# Benchmarks/results/clock-<UTC timestamp>.txt; its progress lines (every run's value) go to stderr and
# to clock-<UTC timestamp>.log beside it. The default run takes about 2–3 minutes, nearly all of it
# TestClock.
#
# Not pinned by default: both clocks resume tasks on the Swift pool, whose threads the scheduler spreads
# over both cores, and the race probe's busy threads are meant to compete for both cores. Pinning to one
# CPU puts the pool and the busy threads on one core, which changes what the race probe measures.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pin=""
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --pin) pin="$2"; shift ;;
        --no-pin) pin="" ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) args+=("$1") ;;
    esac
    shift
done
if [ "${QUICK:-0}" = 1 ]; then
    args=(--runs 2 --testclock-large-runs 1 --idle-calls 100000 --testclock-idle-calls 200 --sizes 100,1000
        --ticks 1000 --testclock-ticks 200 --race-iterations 300 --loops 100 "${args[@]}")
fi

# The MockTime sources measured, as a short hash: taken before the build and again after the run, so a
# run during which someone edited them says so.
mocktime_hash() { cat "$here"/../Sources/MockTime/*.swift | sha256sum | cut -c1-12; }
hash_before="$(mocktime_hash)"
scratch=()
[ -z "${SCRATCH_PATH:-}" ] || scratch=(--scratch-path "$SCRATCH_PATH")

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "building (release)…" >&2
    # Manifest caching misses files added to the root package (a path dependency) since the last
    # build; regenerating the build manifest costs a second or two.
    swift build -c release --package-path "$here" ${scratch[@]+"${scratch[@]}"} --product bench-clock \
        --disable-build-manifest-caching >&2
fi
bin="$(swift build -c release --package-path "$here" ${scratch[@]+"${scratch[@]}"} --show-bin-path)/bench-clock"

mkdir -p "$here/results"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$here/results/clock-$stamp.txt"
log="$here/results/clock-$stamp.log"

hz="$(getconf CLK_TCK)"
# User + nice + system + steal time of the whole machine, in clock ticks.
machine_ticks() { awk '$1 == "cpu" { print $2 + $3 + $4 + $9; exit }' /proc/stat; }
waited=0
while [ "$waited" -lt "${QUIET_WAIT:-30}" ]; do
    t0="$(machine_ticks)"; sleep 1; t1="$(machine_ticks)"
    [ $(( (t1 - t0) * 100 / hz )) -le "${NOISY_PCT:-25}" ] && break
    waited=$((waited + 1))
done
[ "$waited" -lt "${QUIET_WAIT:-30}" ] || echo "(the machine stayed busy for ${QUIET_WAIT:-30} s; measuring anyway)" >&2

runner=()
[ -z "$pin" ] || runner=(taskset -c "$pin")
{
    echo "date: $(date -u +%FT%TZ)"
    echo "command: Benchmarks/run-clock.sh${pin:+ --pin $pin}${args[*]:+ ${args[*]}}"
    echo "root package commit: $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$here/.." status --porcelain -- Sources/MockTime 2>/dev/null | grep -q . && echo ' (Sources/MockTime modified)' || true)"
    echo "Sources/MockTime (sha256 of its *.swift, in name order): $hash_before"
    echo "swift: $(swift --version 2>&1 | grep -m1 'Swift version')"
    echo "kernel: $(uname -r)  cpus: $(nproc)  cpu: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
    echo "pinned: ${pin:-no}"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
} > "$out"

start_ticks="$(machine_ticks)"
start_ns="$(date +%s%N)"
set +e
"${runner[@]}" "$bin" "${args[@]}" 2> >(tee "$log" >&2) | tee -a "$out"
status="${PIPESTATUS[0]}"
set -e
end_ns="$(date +%s%N)"
end_ticks="$(machine_ticks)"
wait  # the stderr tee

# What everything but bench-clock used during the run: the machine's busy time less bench-clock's own CPU
# time (its last line), as a percentage of one core over the run's wall time.
own_s="$(sed -n 's/^Process: wall [0-9.]* s, CPU \([0-9.]*\) s.*/\1/p' "$out" | tail -1)"
wall_s="$(awk -v a="$start_ns" -v b="$end_ns" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')"
other="n/a"
if [ -n "$own_s" ]; then
    other="$(awk -v t="$((end_ticks - start_ticks))" -v hz="$hz" -v own="$own_s" -v wall="$wall_s" \
        'BEGIN { v = (t / hz - own) * 100 / wall; if (v < 0) v = 0; printf "%.0f", v }')"
fi
{
    echo
    echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "wall time of the run: ${wall_s} s; other processes (and steal) used ~${other} % of a core meanwhile"
    hash_after="$(mocktime_hash)"
    [ "$hash_after" = "$hash_before" ] ||
        echo "WARNING: Sources/MockTime changed during the run ($hash_before → $hash_after): the binary may not match either"
    [ "$status" = 0 ] || echo "bench-clock exited with status $status"
} | tee -a "$out"
echo "results: $out (progress: $log)" >&2
exit "$status"
