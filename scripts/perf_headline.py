#!/usr/bin/env python3
"""Writes the README's headline performance table from the committed benchmark CSVs in docs/bench.

usage: scripts/perf_headline.py [--check]
Replaces the lines between `<!-- perf: headline -->` and `<!-- /perf: headline -->` in README.md with the table
the CSVs give: per measurement and machine, Dicer's figure beside a floor or a peer measured in the same run
(same CSV). No number is typed by hand: a new CSV (scripts/gpu_check.sh, dicer-bench --csv) is a new table.
--check writes nothing: exit status 1 when the README's table differs from what the CSVs give (the test
readme_perf_table).
"""
import csv
import pathlib
import re
import statistics
import sys

root = pathlib.Path(__file__).resolve().parent.parent
bench = root / "docs" / "bench"
readme = root / "README.md"
BEGIN, END = "<!-- perf: headline -->", "<!-- /perf: headline -->"

# The machines the committed CSVs come from: file tag -> what the CSV cannot say (the renderer and the timer it
# does say, per row).
MACHINES = {
    "llvmpipe": "Mesa on 2 shared CPU cores, no GPU",
    "h200": "EGL device platform",
}
TIMERS = {"cpu-fenced": "cpu-fenced", "gpu-timer": "GPU timestamps"}


def rows(name, tag):
    path = bench / f"{name}_{tag}.csv"
    with open(path, encoding="utf-8", newline="") as f:
        return path, list(csv.DictReader(f))


def find(csv_rows, **key):
    for r in csv_rows:
        if all(r[k] == v for k, v in key.items()):
            return r
    sys.exit(f"perf_headline.py: no row {key} in the CSV")


def ms(x):
    x = float(x)
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def count(n):
    return f"{int(float(n)):,}".replace(",", " ")


def who(r, tag):
    return f"`{r['renderer']}`, {MACHINES[tag]} ({TIMERS.get(r['timer'], r['timer'])})"


def frame_bits(tag):
    path, t = rows("voxels_scaling", tag)
    frame = find(t, input="1024³", method="hp_bits", stage="frame")
    vox = find(t, input="1024³", method="compute → bits", stage="voxelize")
    bl = find(t, input="1024³", method="hp_bits", stage="build + list")
    floor = find(t, input="1024³", method="bits", stage="read floor")
    return path, frame, (f"{ms(frame['median_ms'])} ms a frame: voxelize {ms(vox['median_ms'])} + build and list "
                         f"{ms(bl['median_ms'])}; {count(frame['active_cells'])} points",
                         f"read floor of the bits {ms(floor['median_ms'])} ms: build and list "
                         f"{float(bl['over_read']):.1f}× it")


def sparse(tag):
    path, t = rows("sparse_scaling", tag)
    sp = find(t, input="1024³", method="hp_sparse", stage="frame")
    bits = find(t, input="1024³", method="hp_bits", stage="frame")
    ratio = float(bits["median_ms"]) / float(sp["median_ms"])
    return path, sp, (f"{ms(sp['median_ms'])} ms a frame (`hp_sparse`); {count(sp['active_cells'])} points",
                      f"dense bits (`hp_bits`) {ms(bits['median_ms'])} ms: the bricks {ratio:.1f}× faster")


def ours_and_peers(t, ours, peers, **where):
    """Our method's row and its peers' rows of one table, at the same input (and stage)."""
    return find(t, method=ours, **where), [find(t, method=m, **where) for m in peers]


def peers_text(peers, value):
    return ", ".join(f"`{p['method']}` {value(p)}" for p in peers)


def compaction(tag):
    path, t = rows("peers", tag)
    hp, peers = ours_and_peers(t, "hp_compute", ("atomic_append", "horn_scan", "cpu_threaded"),
                               table="peers", input="4096²", stage="total")
    text = peers_text(peers, lambda p: ms(p['median_ms']))
    return path, hp, (f"{ms(hp['median_ms'])} ms (`hp_compute`); {count(hp['active_cells'])} points",
                      f"{text} ms; copy pass {ms(hp['copy_ms'])} ms")


def marching_cubes(tag):
    path, t = rows("mc", tag)
    # metaballs:256 at the band its run used (the built-in volumes' default band is not the same in every run)
    volume = next((r["input"] for r in t if r["input"].startswith("metaballs:256 [")), "metaballs:256")
    hp, peers = ours_and_peers(t, "hp_mc", ("scan_mc", "atomic_mc"), input=volume, stage="total")
    text = peers_text(peers, lambda p: ms(p['median_ms']))
    return path, hp, (f"{ms(hp['median_ms'])} ms (`hp_mc`); {count(hp['active_cells'])} triangles",
                      f"{text} ms; read floor {ms(hp['read_ms'])} ms")


def counting_sort(tag):
    path, t = rows("sort", tag)
    case = "n 2^22, m 2^12, uniform"

    def ns(r):
        return f"{float(r['median_ms']) * 1e6 / float(r['cells']):.3g}"

    hp, peers = ours_and_peers(t, "hp_counting_sort", ("scan_counting_sort", "radix_sort", "cpu_std_sort"),
                               input=case)
    text = peers_text(peers, ns)
    return path, hp, (f"{ns(hp)} ns a key (`hp_counting_sort`)", f"{text} ns a key")


def demo(tag):
    path, t = rows("demo", tag)
    t = [r for r in t if r["preset"] == "1024" and r["frame_ms"]]
    if not t:
        sys.exit(f"perf_headline.py: {path.name} has no frame of preset 1024")

    def median(column):
        return statistics.median(float(r[column]) for r in t)

    return path, t[0], (f"{ms(median('frame_ms'))} ms a frame, {median('fps'):.0f} fps; "
                        f"{count(t[0]['points'])} points",
                        f"of it voxelize {ms(median('voxelize_ms'))}, HP build {ms(median('hp_build_ms'))}, "
                        f"PointList {ms(median('pointlist_ms'))} ms ({len(t)} frames)")


# What the table shows, in order: the measurement, how it is computed, the machines with a committed CSV.
MEASUREMENTS = [
    ("Voxelize + HistoPyramid + point list: teapot, 1024³, occupancy bits", frame_bits, ("llvmpipe", "h200")),
    ("The same over sparse 32×32 bricks", sparse, ("llvmpipe", "h200")),
    ("Compaction of the paper's 4096² slice atlas", compaction, ("llvmpipe", "h200")),
    ("Marching cubes (stream expansion), metaballs 256³", marching_cubes, ("llvmpipe", "h200")),
    ("Counting sort, 2^22 keys in [0, 2^12)", counting_sort, ("llvmpipe", "h200")),
    ("The demo at 1024³, 1280×800 offscreen", demo, ("h200",)),
]


def table():
    out = ["| measured | renderer, machine (timer) | Dicer | beside it, same run |", "|---|---|---|---|"]
    sources = []
    for what, measure, tags in MEASUREMENTS:
        for i, tag in enumerate(tags):
            path, r, (figure, beside) = measure(tag)
            out.append(f"| {what if i == 0 else ''} | {who(r, tag)} | {figure} | {beside} |")
            sources.append(f"[{path.name}](docs/bench/{path.name})")
    out.append("")
    out.append("Medians; generated by `scripts/perf_headline.py` from " + ", ".join(dict.fromkeys(sources)) +
               " (a test fails when this table and the CSVs disagree).")
    return "\n".join(out)


def main(args):
    check = "--check" in args
    text = readme.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + r"\n.*?" + re.escape(END), re.S)
    if not pattern.search(text):
        sys.exit(f"perf_headline.py: no {BEGIN} ... {END} block in README.md")
    block = f"{BEGIN}\n{table()}\n{END}"
    new = pattern.sub(lambda _: block, text, count=1)
    if check:
        if new != text:
            sys.exit("perf_headline.py: README.md's headline table differs from what docs/bench's CSVs give: "
                     "run scripts/perf_headline.py")
        print("perf_headline.py: README.md's headline table matches docs/bench's CSVs")
        return
    readme.write_text(new, encoding="utf-8")
    print("perf_headline.py: README.md's headline table written")


if __name__ == "__main__":
    main(sys.argv[1:])
