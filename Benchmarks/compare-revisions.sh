#!/usr/bin/env bash
# Replay throughput and URLSession interception of two revisions of the root package, side by side.
#
# usage: Benchmarks/compare-revisions.sh BEFORE [AFTER]     (AFTER: the working tree's HEAD by default)
#   env:  ROUNDS=5 (rounds, each running A, B and A again)  REQUESTS=2000 (sequential requests per point)
#         WRK=1 (also replay under wrk: builds bench-http-server, hence Hummingbird and FlyingFox)
#         DURATION=8 (s of wrk per point)  SKIP_BUILD=1 (reuse the builds)
#
# Checks each revision out into its own detached worktree under ${TMPDIR:-/tmp}/repository-contracts-compare/
# (outside the repository) and builds that revision's own Benchmarks package in release there, so each
# side is measured with the benchmark code of its time. Then, ROUNDS times, it measures A (BEFORE), B
# (AFTER) and A again (A′, the A/A control) one after the other, so drift on the machine spreads over all
# three:
#   - `bench-interception --rounds 1`: URLSession.shared answered by the stub server's socket (replay) and
#     by interception, each sequential and from 8 tasks: requests per second;
#   - with WRK=1, replay without URLSession: `bench-http-server stub` (one interaction replayed forever)
#     under `wrk -t2 -c8`, after a 2 s warm-up: requests per second.
# It prints the medians per side and the ratios B/A and A′/A (their spread over rounds, min–max): B/A is
# within noise when it lies within the A′/A spread. Raw figures go to Benchmarks/results/compare-<UTC>.tsv.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
[ $# -ge 1 ] && [ $# -le 2 ] || { sed -n '4,6p' "$0" >&2; exit 2; }
before="$(git -C "$root" rev-parse --short "$1")"
after="$(git -C "$root" rev-parse --short "${2:-HEAD}")"
rounds="${ROUNDS:-5}" duration="${DURATION:-8}" requests="${REQUESTS:-2000}"

with_wrk="${WRK:-0}"
if [ "$with_wrk" = 1 ] && ! command -v wrk >/dev/null; then
    echo "installing wrk (apt-get)…" >&2
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi

work="${TMPDIR:-/tmp}/repository-contracts-compare"
mkdir -p "$work"
# The Benchmarks package of `revision`, built in release; prints its bin folder.
prepare() {
    local revision="$1" tree="$work/$1"
    if [ ! -d "$tree" ]; then
        git -C "$root" worktree add --detach -f "$tree" "$revision" >&2
        # This package's build folder, if any: the dependencies are then neither fetched nor rebuilt.
        # Clang's module caches hold absolute paths: they are rebuilt in the copy's own place.
        [ ! -d "$here/.build" ] || { cp -a "$here/.build" "$tree/Benchmarks/.build"; rm -rf "$tree"/Benchmarks/.build/*/*/ModuleCache; }
    fi
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        echo "building $revision (release)…" >&2
        for product in bench-interception $([ "$with_wrk" = 1 ] && echo bench-http-server); do
            swift build -c release --package-path "$tree/Benchmarks" --product "$product" \
                --disable-build-manifest-caching >&2
        done
    fi
    swift build -c release --package-path "$tree/Benchmarks" --show-bin-path
}
bin_a="$(prepare "$before")"
bin_b="$(prepare "$after")"

server_pid=""
stop_server() {
    [ -z "$server_pid" ] || { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
    server_pid=""
}
trap stop_server EXIT

# Requests per second of the stub server in `bin` under wrk.
replay_rate() {
    local bin="$1" out port=""
    out="$(mktemp "$work/server.XXXXXX")"
    "$bin/bench-http-server" stub > "$out" 2>&1 &
    server_pid=$!
    for _ in $(seq 1 100); do
        port="$(awk '$1 == "READY" { print $2; exit }' "$out")"
        [ -z "$port" ] || break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "bench-http-server did not print READY:" >&2; cat "$out" >&2; exit 1; }
    wrk -t2 -c8 -d2s "http://127.0.0.1:$port/todos/1" > /dev/null
    wrk -t2 -c8 -d"${duration}s" "http://127.0.0.1:$port/todos/1" | awk '/^Requests\/sec:/ { print $2 }'
    stop_server
    rm -f "$out"
}

# Requests per second of the four URLSession scenarios in `bin`: "socket-seq intercept-seq socket-8 intercept-8".
urlsession_rates() {
    "$1/bench-interception" --rounds 1 --requests "$requests" 2>&1 >/dev/null \
        | awk '/^round 1 [a-z0-9-]+:/ { name = $3; sub(":", "", name); rate = $4; gsub(",", "", rate); r[name] = rate }
               END { print r["socket-seq"], r["intercept-seq"], r["socket-8"], r["intercept-8"] }'
}

mkdir -p "$here/results"
tsv="$here/results/compare-$(date -u +%Y%m%dT%H%M%SZ).tsv"
printf 'round\tside\trevision\tsocket_seq\tintercept_seq\tsocket_8\tintercept_8\twrk_replay\n' > "$tsv"
for round in $(seq 1 "$rounds"); do
    for side in A B A2; do
        case "$side" in B) bin="$bin_b" revision="$after" ;; *) bin="$bin_a" revision="$before" ;; esac
        read -r socket_seq intercept_seq socket_8 intercept_8 < <(urlsession_rates "$bin")
        replay=n/a
        [ "$with_wrk" != 1 ] || replay="$(replay_rate "$bin")"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$side" "$revision" \
            "$socket_seq" "$intercept_seq" "$socket_8" "$intercept_8" "$replay" | tee -a "$tsv" >&2
    done
done

python3 - "$tsv" "$before" "$after" "$rounds" "$duration" "$requests" <<'EOF'
import csv, statistics, sys
path, before, after, rounds, duration, requests = sys.argv[1:]
rows = list(csv.DictReader(open(path), delimiter="\t"))
metrics = [("socket_seq", f"replay through the socket, sequential ({requests} requests)"),
           ("socket_8", "replay through the socket, 8 tasks"),
           ("intercept_seq", f"interception, sequential ({requests} requests)"),
           ("intercept_8", "interception, 8 tasks"),
           ("wrk_replay", f"replay under wrk -t2 -c8, {duration} s")]
def values(side, key): return [float(r[key]) for r in rows if r["side"] == side]
print(f"## {before} (A) vs {after} (B), {rounds} rounds of A, B, A′ interleaved; req/s medians, ratios per round")
print()
print("| measure | A | B | A′ | B/A median (min–max) | A′/A median (min–max) |")
print("|---|---|---|---|---|---|")
for key, name in metrics:
    if any(r[key] in ("", "n/a") for r in rows): continue
    a, b, a2 = values("A", key), values("B", key), values("A2", key)
    ba = [y / x for x, y in zip(a, b)]
    aa = [y / x for x, y in zip(a, a2)]
    print(f"| {name} | {statistics.median(a):,.0f} | {statistics.median(b):,.0f} | {statistics.median(a2):,.0f} | "
          f"{statistics.median(ba):.3f} ({min(ba):.3f}–{max(ba):.3f}) | {statistics.median(aa):.3f} ({min(aa):.3f}–{max(aa):.3f}) |")
print()
print(f"raw: {path}")
EOF
