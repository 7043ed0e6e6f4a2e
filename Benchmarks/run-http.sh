#!/usr/bin/env bash
# HTTP throughput and latency of the StubServer against FlyingFox, Hummingbird and (when asked) nginx,
# in one run.
#
# usage: Benchmarks/run-http.sh [--pin | --no-pin] [--rounds N] [variant ...]
#   variants: stub flyingfox flyingfox-nodelay hummingbird (default: these four)
#             nginx nginx-2w (only when named: nginx with 1 or 2 worker processes, nginx-Nw for N ≤ 9,
#             serving the body file; installs nginx-light, or nginx, with apt-get when nginx is missing)
#             stub-before (only when named: the stub of another build, BEFORE_BIN=<its bench-http-server>,
#             to compare two revisions in one run)
#   env:      DURATION=10 (s per wrk point)  WARMUP=2 (s)  ROUNDS=2  CONNECTIONS="1 8 64"
#             QUICK=1 (DURATION=2 WARMUP=1: a smoke run, not for numbers)
#             SKIP_BUILD=1 (use the release binary already built)
#             NOISY_PCT=25 (flag samples taken while other processes used more than this % of a core)
#             QUIET_WAIT=30 (before each point, wait up to this many s for the machine to be that quiet)
#
# Every variant serves the same job (GET /todos/1 → 200 with the same 1,024-byte JSON body, 404
# otherwise). The script checks that first with curl for every variant, then, for each round and each
# variant in turn (interleaved), starts the server, waits for its READY line, warms up for WARMUP s at
# c=8, and runs wrk --latency for DURATION s at each c (-t1 at c=1, -t2 above). Pinned (the default),
# the server runs on CPU 0 and wrk on CPU 1. It prints a Markdown table of medians over rounds, with
# min–max (and the server's CPU per request split into user and kernel time), and writes the raw wrk
# output and a TSV under Benchmarks/results/<UTC timestamp>/.
# nginx is not the system service: it runs in the foreground (master and workers, all on the server's
# CPU when pinned) from its own prefix <results>/<variant>/ (config, pid, error log); it is READY once
# /todos/1 answers 200, and its server CPU and RSS are the sums over the master and its workers.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pin=1
rounds="${ROUNDS:-2}"
variants=()
while [ $# -gt 0 ]; do
    case "$1" in
        --pin) pin=1 ;;
        --no-pin) pin=0 ;;
        --rounds) rounds="$2"; shift ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) variants+=("$1") ;;
    esac
    shift
done
[ ${#variants[@]} -gt 0 ] || variants=(stub flyingfox flyingfox-nodelay hummingbird)
if [ "${QUICK:-0}" = 1 ]; then : "${DURATION:=2}" "${WARMUP:=1}"; fi
duration="${DURATION:-10}"
warmup="${WARMUP:-2}"
connections="${CONNECTIONS:-1 8 64}"
[ "$rounds" -ge 1 ] || { echo "--rounds must be at least 1" >&2; exit 2; }

if ! command -v wrk >/dev/null; then
    echo "installing wrk (apt-get)…" >&2
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
fi
for tool in curl python3 taskset; do
    command -v "$tool" >/dev/null || { echo "needs $tool" >&2; exit 2; }
done

is_nginx() { case "$1" in nginx|nginx-[1-9]w) return 0 ;; *) return 1 ;; esac; }
needs_nginx=0
for variant in "${variants[@]}"; do
    if is_nginx "$variant"; then needs_nginx=1; fi
done
if [ "$needs_nginx" = 1 ]; then
    nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
    if [ ! -x "$nginx_bin" ]; then
        # nginx-light is gone from newer Debian releases; its successor is the nginx package.
        package=nginx-light
        apt-get update -qq
        apt-cache show nginx-light >/dev/null 2>&1 || package=nginx
        echo "installing $package (apt-get)…" >&2
        apt-get install -y -qq "$package" >/dev/null
        nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
    fi
    [ -x "$nginx_bin" ] || { echo "needs nginx" >&2; exit 2; }
    command -v pgrep >/dev/null || { echo "needs pgrep" >&2; exit 2; }
    nginx_configure="$("$nginx_bin" -V 2>&1)"
fi

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "building (release)…" >&2
    # Manifest caching misses files added to the root package (a path dependency) since the last
    # build; regenerating the build manifest costs a second or two.
    swift build -c release --package-path "$here" --product bench-http-server --disable-build-manifest-caching >&2
fi
server_bin="$(swift build -c release --package-path "$here" --show-bin-path)/bench-http-server"

out="$here/results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
"$server_bin" body > "$out/expected-body.json"
[ "$(wc -c < "$out/expected-body.json")" -eq 1024 ] || { echo "expected body is not 1,024 bytes" >&2; exit 1; }

if [ "$pin" = 1 ]; then
    server_pin=(taskset -c 0)
    wrk_pin=(taskset -c 1)
else
    server_pin=()
    wrk_pin=()
fi

server_pid=""
server_nginx=0    # 1 while the server is nginx (server_pid is its master)
nginx_workers=""  # nginx's worker pids, noted when it became ready
stop_server() {
    local workers="" pid
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        if [ "$server_nginx" = 1 ]; then workers="$nginx_workers $(pgrep -P "$server_pid" || true)"; fi
        # For nginx, SIGTERM is its fast shutdown: the master stops its workers, then exits.
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    # An nginx worker that outlived its master (only if the master died first) is stopped too.
    for pid in $workers; do
        if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = nginx ]; then kill -KILL "$pid" 2>/dev/null || true; fi
    done
    server_pid=""
    server_nginx=0
    nginx_workers=""
}
trap stop_server EXIT

# start_server VARIANT LOGPREFIX: sets server_pid and port.
start_server() {
    local variant="$1" log="$2"
    : > "$log.out"
    : > "$log.err"
    if is_nginx "$variant"; then start_nginx "$variant" "$log"; return 0; fi
    local bin="$server_bin" name="$variant"
    if [ "$variant" = stub-before ]; then bin="${BEFORE_BIN:?stub-before needs BEFORE_BIN}"; name=stub; fi
    "${server_pin[@]}" "$bin" "$name" >> "$log.out" 2>> "$log.err" &
    server_pid=$!
    port=""
    for _ in $(seq 1 1000); do
        port="$(awk '$1 == "READY" { print $2; exit }' "$log.out")"
        [ -n "$port" ] && return 0
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.01
    done
    echo "$variant did not print READY within 10 s; its stderr:" >&2
    cat "$log.err" >&2
    exit 1
}

# start_nginx VARIANT LOGPREFIX: nginx (nginx: 1 worker, nginx-Nw: N workers) from its own prefix
# $out/VARIANT/, on a free port, serving the expected body file; sets server_pid (the master) and port.
start_nginx() {
    local variant="$1" log="$2" dir="$out/$1" workers=1 module status deadline
    [ "$variant" = nginx ] || { workers="${variant#nginx-}"; workers="${workers%w}"; }
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
    mkdir -p "$dir/tmp"
    {
        echo "# written by run-http.sh for the $variant variant"
        # As root nginx would run its workers as nobody, who may not read the body file.
        if [ "$(id -u)" = 0 ]; then echo "user $(id -un) $(id -gn);"; fi
        echo "daemon off;"
        echo "master_process on;"
        echo "worker_processes $workers;"
        echo "pid \"$dir/nginx.pid\";"
        echo "lock_file \"$dir/nginx.lock\";"
        echo "error_log \"$dir/error.log\";"
        echo "events { worker_connections 1024; }"
        echo "http {"
        echo "    access_log off;"
        # No MIME table: every answer is application/json, with no charset (none is configured).
        echo "    types {}"
        echo "    default_type application/json;"
        echo "    keepalive_requests 1000000;"
        echo "    keepalive_timeout 65;"
        echo "    tcp_nodelay on;"
        # Keep the body file open (the other servers answer from memory): no open/close per request.
        echo "    open_file_cache max=16 inactive=600s;"
        echo "    open_file_cache_valid 600s;"
        echo "    client_body_temp_path \"$dir/tmp/client_body\";"
        for module in proxy fastcgi uwsgi scgi; do
            case "$nginx_configure" in
                *"--without-http_${module}_module"*) ;;
                *) echo "    ${module}_temp_path \"$dir/tmp/$module\";" ;;
            esac
        done
        echo "    server {"
        echo "        listen 127.0.0.1:$port;"
        echo "        location = /todos/1 { alias \"$out/expected-body.json\"; }"
        echo "        location / { return 404; }"
        echo "    }"
        echo "}"
    } > "$dir/nginx.conf"
    # -e: the error log from the start (before the config is read), not the compiled-in one.
    "${server_pin[@]}" "$nginx_bin" -p "$dir/" -c "$dir/nginx.conf" -e "$dir/error.log" >> "$log.out" 2>> "$log.err" &
    server_pid=$!
    server_nginx=1
    deadline=$((SECONDS + 10))
    while [ "$SECONDS" -le "$deadline" ]; do
        status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$port/todos/1" || true)"
        if [ "$status" = 200 ]; then
            nginx_workers="$(pgrep -P "$server_pid" | tr '\n' ' ' || true)"
            echo "READY $port" >> "$log.out"
            return 0
        fi
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.01
    done
    echo "$variant did not answer 200 on /todos/1 within 10 s; its stderr and error log:" >&2
    cat "$log.err" "$dir/error.log" >&2 || true
    exit 1
}

# nginx_proc FILE: /proc/<pid>/FILE of nginx's master and of each of its workers.
nginx_proc() { local pid; for pid in "$server_pid" $(pgrep -P "$server_pid" || true); do echo "/proc/$pid/$1"; done; }
# CPU time of the server process (all threads), in clock ticks; for nginx, of its master and workers.
cpu_ticks() {
    if [ "$server_nginx" = 1 ]; then awk '{ s += $14 + $15 } END { print s }' $(nginx_proc stat); return 0; fi
    awk '{ print $14 + $15 }' "/proc/$server_pid/stat"
}
# The user-mode part of cpu_ticks (the rest is the kernel's: system calls, loopback TCP).
cpu_user_ticks() {
    if [ "$server_nginx" = 1 ]; then awk '{ s += $14 } END { print s }' $(nginx_proc stat); return 0; fi
    awk '{ print $14 }' "/proc/$server_pid/stat"
}
# User + nice + system + steal time of the whole machine, in clock ticks: what processes used, plus what
# the hypervisor took from this VM's CPUs (steal). irq and softirq are left out: loopback TCP's softirq
# work belongs to the benchmark.
machine_ticks() { awk '$1 == "cpu" { print $2 + $3 + $4 + $9; exit }' /proc/stat; }
# Waits (at most QUIET_WAIT s) until the rest of the machine (and steal) used at most NOISY_PCT % of a core over
# one second, so a point does not start in the middle of another process's burst.
wait_quiet() {
    local waited=0 t0 t1 s0 s1 busy
    while [ "$waited" -lt "${QUIET_WAIT:-30}" ]; do
        t0="$(machine_ticks)"; s0="$(cpu_ticks)"
        sleep 1
        t1="$(machine_ticks)"; s1="$(cpu_ticks)"
        busy=$(( (t1 - t0 - (s1 - s0)) * 100 / hz ))
        [ "$busy" -le "${NOISY_PCT:-25}" ] && return 0
        waited=$((waited + 1))
    done
    echo "  (the machine stayed busy for ${QUIET_WAIT:-30} s; measuring anyway)" >&2
}
# CPU time of this shell's finished children (wrk), in milliseconds: `times` in this shell itself (in
# a command substitution it would report the subshell's children), through a file.
children_ms() {
    times > "$out/.times"
    awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d\n", (u[1] * 60 + u[2] + s[1] * 60 + s[2]) * 1000 }' "$out/.times"
}
# RSS and its peak (VmHWM) of the server process; for nginx, the sums over its master and workers.
rss_kib() {
    if [ "$server_nginx" = 1 ]; then awk '/^VmRSS:/ { s += $2 } END { print s }' $(nginx_proc status); return 0; fi
    awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"
}
hwm_kib() {
    if [ "$server_nginx" = 1 ]; then awk '/^VmHWM:/ { s += $2 } END { print s }' $(nginx_proc status); return 0; fi
    awk '/^VmHWM:/ { print $2 }' "/proc/$server_pid/status"
}

echo "checking every variant serves the same job…" >&2
for variant in "${variants[@]}"; do
    start_server "$variant" "$out/check-$variant"
    base="http://127.0.0.1:$port"
    status="$(curl -s -o "$out/check-$variant.body" -D "$out/check-$variant.head" -w '%{http_code}' "$base/todos/1")"
    [ "$status" = 200 ] || { echo "$variant: /todos/1 answered $status" >&2; exit 1; }
    cmp -s "$out/check-$variant.body" "$out/expected-body.json" || {
        echo "$variant: /todos/1 body differs from the expected 1,024 bytes" >&2; exit 1; }
    grep -qi '^content-type: application/json' "$out/check-$variant.head" || {
        echo "$variant: no Content-Type: application/json" >&2; exit 1; }
    status="$(curl -s -o /dev/null -w '%{http_code}' "$base/nope")"
    [ "$status" = 404 ] || { echo "$variant: /nope answered $status, not 404" >&2; exit 1; }
    echo "  $variant: 200 + 1,024-byte body, /nope 404" >&2
    stop_server
done

hz="$(getconf CLK_TCK)"
tsv="$out/results.tsv"
printf 'round\tvariant\tc\treq_per_s\tp50_ms\tp99_ms\terrors\tserver_cpu_pct\tserver_cpu_us_per_req\trss_mib_after\thwm_mib\tother_cpu_pct\twrk_cpu_pct\tmachine_cpu_pct\tserver_user_us_per_req\tserver_sys_us_per_req\n' > "$tsv"
{
    echo "date: $(date -u +%FT%TZ)"
    echo "pinned: $pin (server on CPU 0, wrk on CPU 1)"
    echo "rounds: $rounds  duration: ${duration}s  warmup: ${warmup}s  connections: $connections"
    echo "variants: ${variants[*]}"
    echo "swift: $(swift --version 2>&1 | head -1)"
    echo "wrk: $(dpkg-query -W -f '${Version}' wrk 2>/dev/null || echo unknown)"
    if [ "$needs_nginx" = 1 ]; then echo "nginx: $("$nginx_bin" -v 2>&1 | sed 's/^nginx version: //')"; fi
    echo "kernel: $(uname -r)  cpus: $(nproc)"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/run-info.txt"

for round in $(seq 1 "$rounds"); do
    for variant in "${variants[@]}"; do
        log="$out/r$round-$variant"
        start_server "$variant" "$log"
        url="http://127.0.0.1:$port/todos/1"
        "${wrk_pin[@]}" wrk -t2 -c8 -d"${warmup}s" "$url" > "$log-warmup.txt" 2>&1
        for c in $connections; do
            threads=2
            [ "$c" -lt 2 ] && threads=1
            wait_quiet
            machine_before="$(machine_ticks)"
            before="$(cpu_ticks)"
            user_before="$(cpu_user_ticks)"
            children_ms > "$out/.wrk-before"
            "${wrk_pin[@]}" wrk -t"$threads" -c"$c" -d"${duration}s" --latency "$url" > "$log-c$c.txt" 2>&1
            children_ms > "$out/.wrk-after"
            after="$(cpu_ticks)"
            user_after="$(cpu_user_ticks)"
            machine_after="$(machine_ticks)"
            python3 - "$log-c$c.txt" "$round" "$variant" "$c" "$((after - before))" "$hz" "$duration" \
                "$(rss_kib)" "$(hwm_kib)" "$((machine_after - machine_before))" "$(( $(cat "$out/.wrk-after") - $(cat "$out/.wrk-before") ))" \
                "$((user_after - user_before))" >> "$tsv" <<'PY'
import re, sys
path, rnd, variant, c, ticks, hz, duration, rss, hwm, machine_ticks, wrk_ms, user_ticks = sys.argv[1:]
text = open(path).read()
def ms(value, unit):
    return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
lat = {p: ms(v, u) for p, v, u in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s|m)\s*$", text, re.M)}
errors = 0
m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
if m: errors += sum(map(int, m.groups()))
m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if m: errors += int(m.group(1))
cpu_s = int(ticks) / int(hz)
requests = rps * float(duration)
# What the rest of the machine used meanwhile, steal included, in % of one core (approximate: tick
# granularity).
other_pct = max(0.0, 100 * (int(machine_ticks) / int(hz) - cpu_s - int(wrk_ms) / 1000) / float(duration))
print("\t".join([rnd, variant, c, f"{rps:.0f}", f"{lat.get('50', float('nan')):.3f}",
                 f"{lat.get('99', float('nan')):.3f}", str(errors), f"{100 * cpu_s / float(duration):.0f}",
                 f"{1e6 * cpu_s / requests:.1f}" if requests else "nan",
                 f"{int(rss) / 1024:.1f}", f"{int(hwm) / 1024:.1f}", f"{other_pct:.0f}",
                 f"{100 * int(wrk_ms) / 1000 / float(duration):.0f}",
                 f"{100 * int(machine_ticks) / int(hz) / float(duration):.0f}",
                 f"{1e6 * int(user_ticks) / int(hz) / requests:.1f}" if requests else "nan",
                 f"{1e6 * (int(ticks) - int(user_ticks)) / int(hz) / requests:.1f}" if requests else "nan"]))
PY
            tail -n 1 "$tsv" | awk -F'\t' '{ printf "  round %s %-18s c=%-3s %8s req/s  p50 %s ms  p99 %s ms  errors %s  server CPU %s%%  others %s%%\n", $1, $2, $3, $4, $5, $6, $7, $8, $12 }' >&2
        done
        stop_server
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/run-info.txt"
rm -f "$out/.times" "$out/.wrk-before" "$out/.wrk-after"

python3 - "$tsv" "$rounds" "$pin" "$duration" "${NOISY_PCT:-25}" > "$out/summary.md" <<'PY'
import csv, statistics, sys
path, rounds, pin, duration, noisy_pct = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
rows = list(csv.DictReader(open(path), delimiter="\t"))
variants = list(dict.fromkeys(r["variant"] for r in rows))
cs = list(dict.fromkeys(r["c"] for r in rows))
def med(values): return statistics.median(values)
print(f"HTTP: {'pinned (server CPU 0, wrk CPU 1)' if pin == '1' else 'unpinned'}, {rounds} rounds interleaved, "
      f"{duration} s per point; medians over rounds, req/s min–max in brackets.")
print()
print("| variant | " + " | ".join(f"c={c} req/s (min–max)" for c in cs) + " | "
      + " | ".join(f"c={c} p50 / p99 ms" for c in cs) + " | server CPU µs/req (c=" + cs[-1] + ") | of which user / kernel "
      + "| RSS MiB after (peak) | errors |")
print("|---" * (2 + 2 * len(cs) + 3) + "|")
for v in variants:
    cells, lats = [], []
    for c in cs:
        sel = [r for r in rows if r["variant"] == v and r["c"] == c]
        rps = [float(r["req_per_s"]) for r in sel]
        mark = "*" if any(float(r["other_cpu_pct"]) > noisy_pct for r in sel) else ""
        cells.append(f"{med(rps):,.0f} ({min(rps):,.0f}–{max(rps):,.0f}){mark}")
        lats.append(f"{med([float(r['p50_ms']) for r in sel]):.3f} / {med([float(r['p99_ms']) for r in sel]):.3f}")
    last = [r for r in rows if r["variant"] == v and r["c"] == cs[-1]]
    cpu = med([float(r["server_cpu_us_per_req"]) for r in last])
    user = med([float(r["server_user_us_per_req"]) for r in last])
    kernel = med([float(r["server_sys_us_per_req"]) for r in last])
    rss = med([float(r["rss_mib_after"]) for r in last])
    hwm = max(float(r["hwm_mib"]) for r in last)
    errors = sum(int(r["errors"]) for r in rows if r["variant"] == v)
    print(f"| {v} | " + " | ".join(cells) + " | " + " | ".join(lats) + f" | {cpu:.1f} | {user:.1f} / {kernel:.1f} | {rss:.0f} ({hwm:.0f}) | {errors} |")
noisy = [r for r in rows if float(r["other_cpu_pct"]) > noisy_pct]
print()
if noisy:
    print(f"\\* {len(noisy)} of {len(rows)} samples ran while other processes (or steal) took more than {noisy_pct:.0f} % of a core "
          "(column other_cpu_pct of results.tsv): "
          + ", ".join(f"r{r['round']} {r['variant']} c={r['c']} ({float(r['other_cpu_pct']):.0f} %)" for r in noisy)
          + ". Repeat the run on a quiet machine before comparing those cells.")
else:
    print(f"No sample ran while other processes (or steal) took more than {noisy_pct:.0f} % of a core.")
PY
echo >&2
cat "$out/summary.md"
echo >&2
echo "raw results: $out" >&2
