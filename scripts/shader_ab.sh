#!/usr/bin/env bash
# A/B of shader trees on the same build: runs `dicer --offscreen --preset PRESET --frames 24 --warmup 6` once per
# tree per round, the trees interleaved (DICER_SHADER_DIR, shader.h), and prints per tree and stage the median
# over rounds of each run's median and of each run's minimum frame time. The minimum is what survives a shared
# machine's interference (wall times here swing 1.5x between minutes); compare trees of the same run only.
# Used for docs/SPARSE.md "What llvmpipe charges for". A tree: a copy of shaders/ with one change.
# usage: scripts/shader_ab.sh PRESET ROUNDS VIEW TREE... (VIEW: dicer --view, e.g. points or none)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=$1 rounds=$2 view=$3
shift 3
dicer=build/release/bin/dicer
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for ((r = 0; r < rounds; r++)); do
    i=0
    for tree in "$@"; do
        DICER_SHADER_DIR=$tree "$dicer" --offscreen --preset "$preset" --frames 24 --warmup 6 --view "$view" \
            --benchmark "$scratch/$i-$r.csv" >/dev/null 2>&1 || {
            echo "shader_ab: $tree failed (round $((r + 1))): run dicer with DICER_SHADER_DIR=$tree to see why" >&2
            exit 1
        }
        i=$((i + 1))
    done
done
python3 - "$scratch" "$rounds" "$@" <<'PY'
import csv, statistics, sys
scratch, rounds, trees = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
cols = ["voxelize_ms", "hp_build_ms", "pointlist_ms", "particles_ms", "views_ms", "ui_ms", "frame_ms"]
print("median / min ms of", rounds, "rounds:", " ".join(c[:-3] for c in cols))
for i, tree in enumerate(trees):
    med, low = {c: [] for c in cols}, {c: [] for c in cols}
    for r in range(rounds):
        rows = list(csv.DictReader(open(f"{scratch}/{i}-{r}.csv")))
        for c in cols:
            v = [float(x[c]) for x in rows if x.get(c)]
            if v:
                med[c].append(statistics.median(v))
                low[c].append(min(v))
    cells = [f"{statistics.median(med[c]):.1f}/{statistics.median(low[c]):.1f}" for c in cols if med[c]]
    print(tree, " ".join(cells))
PY
