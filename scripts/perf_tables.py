#!/usr/bin/env python3
"""Merges dicer-bench Markdown outputs (one per machine) into the per-size tables of docs/PERFORMANCE.md.

usage (reads the per-variant Markdown of dicer-bench up to the peers merge, kept in docs/bench/hp_*.md):
       scripts/perf_tables.py NAME=bench_output.md [NAME=bench_output.md ...]
   or (the voxelized volumes, atlas vs bits: docs/bench/voxels_scaling_*.csv of
       `dicer-bench --voxels both --scaling --csv FILE`):
       scripts/perf_tables.py --voxels FILE.csv
The numbers are copied from the bench output, never typed by hand.
"""
import csv
import sys


def read_rows(path):
    rows, renderer = {}, "?"
    for line in open(path, encoding="utf-8"):
        if line.startswith("renderer:"):
            renderer = line.split(":", 1)[1].strip()
        if not line.startswith("| dicer_"):
            continue
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        rows[(c[0], c[1], c[2], c[3])] = {"count": c[4], "build": c[5].split()[0], "list": c[6].split()[0],
                                          "resident": c[7], "copy": c[8], "ratio": c[9], "verify": c[10]}
    return renderer, rows


def main(args):
    machines = []
    for arg in args:
        name, path = arg.split("=", 1)
        machines.append((name,) + read_rows(path))
    for name, renderer, _ in machines:
        print(f"- **{name}**: {renderer}")
    sizes = []
    for key in machines[0][2]:
        if key[3] not in sizes:
            sizes.append(key[3])
    for size in sizes:
        print(f"\n#### {size} atlas\n")
        head = "| variant | storage | build path |"
        rule = "|---|---|---|"
        for name, _, _ in machines:
            head += f" {name} build ms | {name} list ms (readback / GPU-resident) | {name} build ÷ copy |"
            rule += "---:|---:|---:|"
        print(head)
        print(rule)
        for key in machines[0][2]:
            if key[3] != size:
                continue
            line = f"| {key[0]} | {key[1]} | {key[2]} |"
            for _, _, rows in machines:
                r = rows.get(key)
                line += (f" {r['build']} | {r['list']} / {r['resident']} | {r['ratio']} |" if r else " – | – | – |")
            print(line)
        notes = []
        for name, _, rows in machines:
            r = next(v for k, v in rows.items() if k[3] == size)
            exact = all(v["verify"] == "exact" for k, v in rows.items() if k[3] == size)
            notes.append(f"{name}: copy pass {r['copy']} ms, {r['count']} active cells, "
                         f"{'every list exact' if exact else 'MISMATCHES'}")
        print("\n" + "; ".join(notes) + ".")


def voxels_table(path):
    """Per volume and output: the read floor, voxelize, clear, build, list, build + list and the frame (voxelize +
    build + list), medians in ms, × the output's read floor, ns per voxel (the table of docs/PERFORMANCE.md)."""
    rows = [r for r in csv.DictReader(open(path, encoding="utf-8")) if r["table"] == "voxel-scaling"]
    if not rows:
        sys.exit(f"{path}: no voxel-scaling rows")
    print(f"renderer: {rows[0]['renderer']}, timer: {rows[0]['timer']}, {rows[0]['samples']} samples per median\n")
    print("| volume | output | method | active | read floor ms (GB/s) | voxelize | clear | build | list "
          "| build + list (× floor) | frame (× floor) | frame ns / voxel |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

    def find(volume, method, stage):
        return next((r for r in rows if r["input"] == volume and r["method"] == method and r["stage"] == stage), None)

    def ms(r):
        return f"{float(r['median_ms']):.3g}" if r else "–"

    volumes = list(dict.fromkeys(r["input"] for r in rows))
    for volume in volumes:
        for out in ("atlas", "bits"):
            floor = find(volume, out, "read floor")
            if not floor:
                print(f"| {volume} | {out} | – | – | skipped (see the raw output) | | | | | | | |")
                continue
            voxelizer = next(r["method"] for r in rows if r["input"] == volume and r["stage"] == "voxelize"
                             and r["method"].endswith(out))
            methods = list(dict.fromkeys(r["method"] for r in rows if r["input"] == volume and r["stage"] == "build"
                                         and ("bits" in r["method"]) == (out == "bits")))
            for method in methods:
                build, bl, frame = (find(volume, method, s) for s in ("build", "build + list", "frame"))
                ns = float(frame["median_ms"]) * 1e6 / float(frame["cells"])
                print(f"| {volume} | {out} | {method} | {build['active_cells']} | {ms(floor)} "
                      f"({float(floor['gb_per_s']):.3g}) | {ms(find(volume, voxelizer, 'voxelize'))} "
                      f"| {ms(find(volume, voxelizer, 'clear'))} | {ms(build)} | {ms(find(volume, method, 'list'))} "
                      f"| {ms(bl)} ({float(bl['over_read']):.2f}×) | {ms(frame)} ({float(frame['over_read']):.2f}×) "
                      f"| {ns:.3f} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--voxels" and len(sys.argv) == 3:
        voxels_table(sys.argv[2])
    else:
        main(sys.argv[1:])
