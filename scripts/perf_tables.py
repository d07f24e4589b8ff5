#!/usr/bin/env python3
"""Merges dicer-bench Markdown outputs (one per machine) into the per-size tables of docs/PERFORMANCE.md.

usage (reads the per-variant Markdown of dicer-bench up to the peers merge, kept in docs/bench/hp_*.md):
       scripts/perf_tables.py NAME=bench_output.md [NAME=bench_output.md ...]
The numbers are copied from the bench output, never typed by hand.
"""
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


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
