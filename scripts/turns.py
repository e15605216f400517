#!/usr/bin/env python3
"""Times two commands as whole processes, in turns (A B A B ...), after one warm-up each.

usage: scripts/turns.py [-n RUNS] --vs 'COMMAND B' -- COMMAND A ...
       scripts/turns.py [-n RUNS] -- COMMAND ...

Prints wall, user+system CPU and peak RSS for each command (min / median / max) and, with --vs, the ratio A/B
of wall and CPU taken pair by pair: a machine whose speed drifts moves both halves of a pair alike, so the
pair's ratio is steadier than a ratio of medians. Output of the commands is discarded. Uses only the standard
library (os.wait4 gives the kernel's own accounting of each finished process).
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time


def run(argv):
    start = time.monotonic()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024.0,
            "exit": child.returncode}


def spread(values, unit):
    return f"{min(values):.3f} / {statistics.median(values):.3f} / {max(values):.3f} {unit}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5, help="counted runs of each command (default 5)")
    parser.add_argument("--vs", help="a second command, split as a shell splits words")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    a = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not a or not 1 <= options.n <= 100:
        parser.error("give a command after --, and -n between 1 and 100")
    b = shlex.split(options.vs) if options.vs else None
    commands = [a] + ([b] if b else [])
    for argv in commands:
        run(argv)
    results = [[] for _ in commands]
    for _ in range(options.n):
        for index, argv in enumerate(commands):
            results[index].append(run(argv))
    for name, rows in zip("AB", results):
        exits = sorted({row["exit"] for row in rows})
        print(f"{name}: wall {spread([r['wall'] for r in rows], 's')}, cpu {spread([r['cpu'] for r in rows], 's')},"
              f" peak {spread([r['rss_mb'] for r in rows], 'MB')}, exit {exits}")
    if b:
        for key in ("wall", "cpu"):
            ratios = [x[key] / y[key] for x, y in zip(*results) if y[key] > 0]
            print(f"A/B {key}: {spread(ratios, '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
