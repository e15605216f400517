#!/usr/bin/env python3
"""What a still image beneath the dots adds to a showcase frame after frame 0 (issue 42's 5%).

usage: scripts/still-backdrop-cost.py [-n PAIRS] [--out DIR] [FORKRENDER]

A is `forkrender showcase`; B is the same scene over scenes/backdrops/coffee.png (`"fit": "cover"`). Each pair
runs, for A and for B, the 120 frames and frame 0 alone as whole processes, with stored PNGs (`--png-level 0`, so
the encoder's work does not depend on the picture); a frame after frame 0 costs (120 frames - frame 0) / 119.
The ratio B/A is taken pair by pair (a drift of the machine moves both halves alike), with A first in odd pairs
and B first in even ones, and the medians printed with the load average.

The frames go to a tmpfs (/dev/shm) by default: both sides write the same 1.4 GB a run, and on a disk the page
cache's write-back made that cost 0.6 to 3.1 s of system time from run to run, far more than the difference
measured. Only the standard library is used (os.wait4: the kernel's own accounting of each process).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(forkrender, scene, out, frames=None):
    argv = [forkrender, scene, "-o", out, "-q", "--png-level", "0"] + (["--frames", frames] if frames else [])
    start = time.monotonic()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(argv)} failed: {child.stderr.read().decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime, time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=15, help="counted pairs (default 15), after one warm-up pair")
    parser.add_argument("--out", default="/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir(),
                        help="where the frames go (default /dev/shm)")
    parser.add_argument("forkrender", nargs="?", default=os.path.join(ROOT, ".build/release/forkrender"))
    options = parser.parse_args()

    work = tempfile.mkdtemp(prefix="still-backdrop-", dir=options.out)
    showcase = json.loads(subprocess.run([options.forkrender, "showcase"], check=True, capture_output=True).stdout)
    with_image = json.loads(json.dumps(showcase))
    with_image.setdefault("plane", {})["backdrop"] = {
        "image": os.path.join(ROOT, "scenes/backdrops/coffee.png"), "fit": "cover"}
    scenes = {}
    for name, doc in (("a", showcase), ("b", with_image)):
        scenes[name] = os.path.join(work, name + ".json")
        with open(scenes[name], "w") as f:
            json.dump(doc, f)

    def after_frame_0(name):
        out = os.path.join(work, name)
        first = run(options.forkrender, scenes[name], out, "0..0")
        whole = run(options.forkrender, scenes[name], out)
        return (whole[0] - first[0]) / 119, (whole[1] - first[1]) / 119

    pairs = []
    for i in range(options.n + 1):
        order = ("a", "b") if i % 2 == 1 else ("b", "a")
        got = {name: after_frame_0(name) for name in order}
        if i == 0:
            continue
        (a_cpu, a_wall), (b_cpu, b_wall) = got["a"], got["b"]
        pairs.append((b_cpu / a_cpu, b_wall / a_wall, a_cpu, b_cpu))
        print(f"pair {i:2d} ({order[0]} first): CPU a frame {b_cpu * 1000:.1f} / {a_cpu * 1000:.1f} ms = "
              f"{pairs[-1][0]:.3f}, wall {pairs[-1][1]:.3f}", flush=True)
    subprocess.run(["rm", "-rf", work], check=False)
    print(f"median over {len(pairs)} pairs: CPU {statistics.median(p[0] for p in pairs):.3f} "
          f"({statistics.median(p[3] for p in pairs) * 1000:.1f} / {statistics.median(p[2] for p in pairs) * 1000:.1f} ms), "
          f"wall {statistics.median(p[1] for p in pairs):.3f}; load {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
