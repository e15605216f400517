#!/usr/bin/env python3
"""Long-run memory of forkrender: does the resident size stay flat?

  scripts/soak.py [--binary .build/release/forkrender] [--frames 10000] [--requests 5000] [--every 500]
                  [--preview-scale 3] [--skip-render]

1. Render: the showcase (plane, ambient waves, a tap and a drag, frosted and Liquid Glass panels, text) with an
   inline symbol added and its duration stretched to --frames frames, at scale 1, streamed as PNGs to this
   script (`-o -`), which counts the frames and reads the renderer's VmRSS from /proc every --every frames.
2. Preview: `forkrender preview` of the same scene answers --requests requests to /frame.png across frames, tiers,
   appearances, tilts and transparency at --preview-scale (3: the device's resolution), with the scene file
   switched between two scenes every 1,000 requests (the page's /version reloads it); VmRSS every --every requests.

Prints both curves, their peaks and the change to the last sample from frame --every * 2 (the render's warm-up)
and from request --every (the preview's first sample). The preview's frame cache holds 64 MiB of PNG bytes: at
scale 3 (about 400 KB a frame) it is full within the first 200 requests; at scale 1 (about 36 KB) only after
about 1,800, and the resident size grows with it until then.
Not a timed test: it takes minutes. docs/performance.md ("Long runs") records its figures.
"""
import argparse, json, os, subprocess, sys, tempfile, time, urllib.request

def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")

def scenes(binary, frames):
    base = json.loads(subprocess.run([binary, "showcase"], check=True, capture_output=True, text=True).stdout)
    base["duration"] = frames / base["fps"]
    base["content"].append({"symbol": "M4 12 L12 4 L20 12 L12 20 Z", "frame": [300, 150, 40, 40]})
    other = json.loads(json.dumps(base))
    other["appearance"] = "dark"
    other["glass"] = other["glass"][:1]
    return base, other

def render(binary, scene, frames, every):
    p = subprocess.Popen([binary, scene, "--scale", "1", "-o", "-", "-q", "--threads", "2"], stdout=subprocess.PIPE)
    marker, count, tail, curve = b"IEND\xaeB`\x82", 0, b"", []
    while True:
        chunk = p.stdout.read(1 << 16)
        if not chunk:
            break
        data = tail + chunk
        n = data.count(marker)
        for _ in range(n):
            count += 1
            if count % every == 0 and count <= frames:
                curve.append((count, rss_mb(p.pid)))
        tail = data[-(len(marker) - 1):]
    if p.wait() != 0:
        sys.exit(f"render failed ({p.returncode})")
    return curve

def preview(binary, scene_path, scenes_json, requests, every, frame_count, scale):
    p = subprocess.Popen([binary, "preview", scene_path, "--port", "0", "--threads", "2", "--scale", str(scale)], stdout=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    url = line[line.index("http://127.0.0.1:"):].split()[0].rstrip("/")
    tiers = json.loads(urllib.request.urlopen(url + "/scene", timeout=60).read())["tiers"]
    curve = []
    try:
        for i in range(1, requests + 1):
            # Switched just after a sample, so that requests 500 and 5,000 both fall in the first scene's turns.
            if i > 1000 and i % 1000 == 1:
                with open(scene_path, "w") as f:
                    json.dump(scenes_json[((i - 1) // 1000) % 2], f)
                urllib.request.urlopen(url + "/version", timeout=60).read()
            q = f"frame={(i * 7) % frame_count}&tier={tiers[i % len(tiers)]}&appearance={'dark' if i % 3 else 'light'}"
            if i % 2:
                q += f"&pitch={((i % 11) - 5) / 10}&roll={((i % 13) - 6) / 10}"
            if i % 5 == 0:
                q += "&reduceTransparency=1"
            urllib.request.urlopen(f"{url}/frame.png?{q}", timeout=120).read()
            if i % every == 0:
                curve.append((i, rss_mb(p.pid)))
    finally:
        p.send_signal(2)
        p.wait(timeout=30)
    return curve

def report(title, unit, curve, every, warm_at):
    print(f"{title}: VmRSS (MB) every {every} {unit}")
    print("  " + "  ".join(f"{n}:{mb:.1f}" for n, mb in curve))
    warm = next((mb for n, mb in curve if n >= warm_at), curve[0][1])
    peak = max(mb for n, mb in curve)
    print(f"  from {unit[:-1]} {warm_at} to {curve[-1][0]}: {warm:.1f} -> {curve[-1][1]:.1f} MB ({(curve[-1][1] / warm - 1) * 100:+.1f}%), "
          f"peak {peak:.1f} MB")

def main():
    a = argparse.ArgumentParser()
    a.add_argument("--binary", default=".build/release/forkrender")
    a.add_argument("--frames", type=int, default=10000)
    a.add_argument("--requests", type=int, default=5000)
    a.add_argument("--every", type=int, default=500)
    a.add_argument("--preview-scale", type=float, default=3)
    a.add_argument("--skip-render", action="store_true")
    args = a.parse_args()
    # The render runs --every frames past the last sample, so that the renderer is still there to be read.
    base, other = scenes(args.binary, args.frames + args.every)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "soak.json")
        with open(path, "w") as f:
            json.dump(base, f)
        if not args.skip_render:
            t = time.time()
            report("render", "frames", render(args.binary, path, args.frames, args.every), args.every, 2 * args.every)
            print(f"  {time.time() - t:.0f} s")
        preview_scenes = []
        for s in (base, other):
            s = dict(s, duration=4)
            preview_scenes.append(s)
        with open(path, "w") as f:
            json.dump(preview_scenes[0], f)
        t = time.time()
        report("preview", "requests", preview(args.binary, path, preview_scenes, args.requests, args.every, 120, args.preview_scale), args.every, args.every)
        print(f"  {time.time() - t:.0f} s")

if __name__ == "__main__":
    main()
