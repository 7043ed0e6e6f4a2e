#!/usr/bin/env bash
# What an idle keep-alive connection costs the stub server: its resident memory and threads with 0, 50,
# 100 and 250 connections open (the default ServerOptions.maxConnections is 256), each having had one
# answer and then idle.
#
# usage: Benchmarks/run-idle-connections.sh [--rounds N]
#   env: SKIP_BUILD=1 (use the release binary already built)
#        SERVER_BIN=path (another build of bench-http-server, e.g. an older revision's, to compare)
#        COUNTS="50 100 250"
#        VARIANT=stub-latency (every answer deferred by a replayed 1 ms latency, so each connection has
#        been off its event loop once before it idles; default: stub)
#
# Each round starts `bench-http-server stub` (or VARIANT), answers one request to warm it up, reads the server's VmRSS
# and Threads from /proc/PID/status, then opens connections up to each count (every one sends
# `GET /todos/1` and reads the 1,024-byte answer, then stays open and idle), waits a second for the
# server to settle, and reads them again. It prints, per count, the median over rounds of the server's
# RSS, its threads, and the RSS added per connection over the warmed-up server.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
rounds=3
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done
counts="${COUNTS:-50 100 250}"

if [ -z "${SERVER_BIN:-}" ]; then
    if [ "${SKIP_BUILD:-0}" != 1 ]; then
        swift build -c release --package-path "$here" --product bench-http-server --disable-build-manifest-caching >&2
    fi
    SERVER_BIN="$(swift build -c release --package-path "$here" --show-bin-path)/bench-http-server"
fi
# Two descriptors per connection in the client, one in the server.
ulimit -n 8192 2>/dev/null || ulimit -n "$(ulimit -Hn)"

python3 - "$SERVER_BIN" "${VARIANT:-stub}" "$rounds" $counts <<'PY'
import os, socket, statistics, subprocess, sys, time

server_bin, variant, rounds, counts = sys.argv[1], sys.argv[2], int(sys.argv[3]), [int(c) for c in sys.argv[4:]]
REQUEST = b"GET /todos/1 HTTP/1.1\r\nHost: x\r\n\r\n"

def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["Threads"])

def answered(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    s.sendall(REQUEST)
    data = b""
    while b"\r\n\r\n" not in data or len(data) - data.index(b"\r\n\r\n") - 4 < 1024:
        chunk = s.recv(65536)
        if not chunk:
            raise SystemExit("the server closed a connection before answering")
        data += chunk
    if not data.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"unexpected answer: {data[:60]!r}")
    return s

results = {c: [] for c in counts}
for round_index in range(rounds):
    proc = subprocess.Popen([server_bin, variant], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().split()
    if len(line) != 2 or line[0] != "READY":
        raise SystemExit(f"bench-http-server did not print READY: {line}")
    port = int(line[1])
    answered(port).close()
    time.sleep(1)
    base_rss, base_threads = status(proc.pid)
    sockets = []
    for count in counts:
        while len(sockets) < count:
            sockets.append(answered(port))
        time.sleep(1)
        rss, threads = status(proc.pid)
        results[count].append((rss, threads, (rss - base_rss) / count, base_rss, base_threads))
    for s in sockets:
        s.close()
    proc.terminate()
    proc.wait()

print(f"server: {server_bin} {variant}")
print("| idle connections | server RSS MiB (warmed up, none open) | server RSS MiB | threads (none open) | KiB of RSS per connection |")
print("|---|---|---|---|---|")
for count in counts:
    rows = results[count]
    med = lambda i: statistics.median(r[i] for r in rows)
    print(f"| {count:,} | {med(3) / 1024:.1f} | {med(0) / 1024:.1f} | {med(1):.0f} ({med(4):.0f}) | {med(2):.1f} |")
PY
