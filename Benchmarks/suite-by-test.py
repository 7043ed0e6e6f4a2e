#!/usr/bin/env python3
"""Where the test suite's time goes, test by test (Linux).

Runs the test binary (built already) one test at a time (--no-parallel) and reads the process's CPU
time (its own, and that of the children it has waited for) from /proc each time a test ends, so each
test is charged the wall time and the CPU time since the previous one ended. A test whose wall time is
well above its CPU time waits.

    python3 Benchmarks/suite-by-test.py [--top N] [test binary arguments, such as --filter X]
"""
import os
import re
import subprocess
import sys
import time

top = 40
arguments = sys.argv[1:]
if arguments[:1] == ["--top"]:
    top, arguments = int(arguments[1]), arguments[2:]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.join(root, ".build/debug/swift-repository-contractsPackageTests.xctest")
process = subprocess.Popen([binary, "--testing-library", "swift-testing", "--no-parallel"] + arguments,
                           cwd=root, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, errors="replace")
ticks = os.sysconf("SC_CLK_TCK")
colour = re.compile(r"\x1b\[[0-9;]*m")
ended = re.compile(r"Test (.*?) (?:passed|failed).* after [0-9.]+ seconds")


def cpu_seconds():
    fields = open(f"/proc/{process.pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(field) for field in fields[11:15]) / ticks  # utime, stime, cutime, cstime


rows = []
last_cpu, last_wall = 0.0, time.time()
for line in process.stderr:
    match = ended.search(colour.sub("", line))
    if not match or match.group(1).startswith("run with"):
        continue
    try:
        cpu = cpu_seconds()
    except OSError:
        cpu = last_cpu
    wall = time.time()
    rows.append((cpu - last_cpu, wall - last_wall, match.group(1)[:110]))
    last_cpu, last_wall = cpu, wall
process.wait()
print(f"{len(rows)} tests: {sum(r[0] for r in rows):.1f} CPU-s, {sum(r[1] for r in rows):.1f} wall s, one at a time")
print(" CPU-s  wall-s  test")
for cpu, wall, name in sorted(rows, reverse=True)[:top]:
    print(f"{cpu:6.2f}  {wall:6.2f}  {name}")
