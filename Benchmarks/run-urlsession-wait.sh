#!/usr/bin/env bash
# What URLSession spends in CPU time while it waits for an answer: on a new connection and on a kept one
# (bench-urlsession-wait, release). Each mode runs in its own process; with `perf` (and its tracepoints)
# the script also counts that process's system calls, epoll_wait and ioctl calls and context switches,
# and prints them per second of waiting.
#
# usage: Benchmarks/run-urlsession-wait.sh [--rounds N] [--wait-ms N]
#   env: SKIP_BUILD=1 (use the release binary already built)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rounds=5
wait_ms=1000
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift ;;
        --wait-ms) wait_ms="$2"; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --package-path "$here" --product bench-urlsession-wait >&2
fi
bin="$(swift build -c release --package-path "$here" --show-bin-path)/bench-urlsession-wait"
events="raw_syscalls:sys_enter,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_ioctl,context-switches"
counting=0
if command -v perf >/dev/null && perf stat -e "$events" -x, true >/dev/null 2>&1; then counting=1; fi

for mode in new kept; do
    if [ "$counting" = 1 ]; then
        counts="$(mktemp)"
        perf stat -e "$events" -x, -o "$counts" "$bin" --connection "$mode" --rounds "$rounds" --wait-ms "$wait_ms"
        seconds="$(awk -v r="$rounds" -v w="$wait_ms" 'BEGIN { print r * w / 1000 }')"
        awk -F, -v m="$mode" -v s="$seconds" '$3 != "" && $1 ~ /^[0-9]+$/ { printf "%s: %s, %d in all, %.0f per second of waiting\n", m, $3, $1, $1 / s }' "$counts"
        rm -f "$counts"
    else
        "$bin" --connection "$mode" --rounds "$rounds" --wait-ms "$wait_ms"
    fi
done
