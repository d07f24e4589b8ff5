#!/usr/bin/env bash
# Measures the dicer demo's frame time per method (HistoPyramid variant, compute HistoPyramid, GPU peer) at the volume presets 64, 128 and
# 256 (256^3 = paper-4096) with `dicer --offscreen --frames N --benchmark FILE.csv` runs (no window, no display;
# the panels are drawn as in the window), and writes the table into docs/DEMO.md between the fps markers. The
# numbers are the medians of the CSV's per-frame rows (after the --warmup frames), nothing is typed by hand.
# The machine's cores are shared with other jobs, so every configuration runs RUNS times and the run with the
# lowest median frame time is kept (the table says so).
# usage: scripts/demo_fps.sh [frames=60] [runs=2] [extra dicer arguments...]
#   PRESETS="128 256" METHODS="dicer_single hp_compute" scripts/demo_fps.sh ...  measures a subset
#   WINDOW=1 METHODS=default PRESETS="256 512 1024 2048" MARKER=fps-presets scripts/demo_fps.sh 30 2
#     the large-preset targets: `dicer --preset N` with its defaults (METHODS=default: no --method, so the default
#     output and method of each preset) in a 1280x800 window under xvfb-run; the table goes between the
#     MARKER's begin/end comments in docs/DEMO.md (default marker: fps)
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-60}"
runs="${2:-2}"
shift $(($# < 2 ? $# : 2))
presets="${PRESETS:-64 128 256}"
methods="${METHODS:-${VARIANTS:-dicer_single dicer_vec4 dicer_rect dicer_bil hp_compute atomic_append horn_scan}}"
warmup=8
marker="${MARKER:-fps}"
dicer=build/release/bin/dicer
run_dicer() {
    if [ -n "${WINDOW:-}" ]; then
        xvfb-run -a -s "-screen 0 1280x800x24" "$dicer" "$@"
    else
        "$dicer" --offscreen "$@"
    fi
}
[ -x "$dicer" ] || bash scripts/build.sh release

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
rows="$scratch/rows" first=""
for preset in $presets; do
    for method in $methods; do
        best="" bestMs=""
        for ((r = 0; r < runs; r++)); do
            csv="$scratch/$method-$preset-$r.csv"
            methodArgs=(--method "$method")
            [ "$method" != default ] || methodArgs=()
            run_dicer --window 1280x800 --frames "$frames" --warmup "$warmup" --preset "$preset" \
                "${methodArgs[@]}" --benchmark "$csv" "$@" >/dev/null 2>&1
            [ -n "$first" ] || first=$csv
            # One Markdown row of medians: | method | preset | points | stages... | frame ms | fps |
            row=$(python3 - "$csv" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
def med(col, fmt="%.2f"):
    vals = [float(r[col]) for r in rows if r[col]]
    return fmt % statistics.median(vals) if vals else "n/a"
stages = ["voxelize_ms", "hp_build_ms", "pointlist_ms", "particles_ms", "views_ms", "ui_ms"]
r = rows[-1]
print("| " + " | ".join([r["method"].split("/")[0], r["preset"], r["points"]] + [med(s) for s in stages] +
                        [med("frame_ms", "%.1f"), med("fps", "%.0f")]) + " |")
PY
            )
            ms=$(echo "$row" | awk -F'|' '{gsub(/ /, "", $11); print $11}')
            echo "$method $preset run $((r + 1)): $ms ms" >&2
            if [ -z "$bestMs" ] || awk "BEGIN {exit !($ms < $bestMs)}"; then
                best=$row bestMs=$ms
            fi
        done
        echo "$best" >>"$rows"
    done
done
# Renderer, driver, surface and timer source from the first CSV's first row.
about=$(python3 -c 'import csv,sys; r=next(csv.DictReader(open(sys.argv[1]))); print("%s | %s; %s; timer %s" % (r["renderer"], r["gl_version"], r["surface"], r["timer"]))' "$first")

block=$(
    subset=""
    [ -z "${PRESETS:-}" ] || subset="PRESETS=\"$presets\" "
    [ -z "${METHODS:-${VARIANTS:-}}" ] || subset="$subset METHODS=\"$methods\" "
    [ -z "${WINDOW:-}" ] || subset="WINDOW=1 $subset"
    [ "$marker" = fps ] || subset="$subset MARKER=$marker "
    echo "Measured $(date -u +%Y-%m-%d) with \`$(echo ${subset}scripts/demo_fps.sh $frames $runs $*)\`: $about;"
    where="1280×800 framebuffer"
    [ -z "${WINDOW:-}" ] || where="1280×800 window under xvfb-run"
    [ "${METHODS:-}" != default ] || where="$where, each preset's default output and method"
    echo "$where, panels drawn; $(nproc) CPU cores ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')),"
    echo "shared with other jobs (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)); best of $runs runs per row."
    echo "Every column is the median of the CSV's per-frame rows (frames $warmup to $((frames - 1)); frame ms and fps"
    echo "have no value for the last frame)."
    echo
    echo "| method | preset | points | voxelize | HP build | PointList | particles | views | UI | frame ms | fps |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    cat "$rows"
)
python3 - "$block" "$marker" <<'PY'
import re, sys
path = "docs/DEMO.md"
text = open(path).read()
begin, end = "<!-- %s:begin -->" % sys.argv[2], "<!-- %s:end -->" % sys.argv[2]
if begin not in text:
    sys.exit("docs/DEMO.md has no %s ... %s block to write into" % (begin, end))
new = begin + "\n" + sys.argv[1] + "\n" + end
text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: new, text, flags=re.S)
open(path, "w").write(text)
PY
echo "docs/DEMO.md updated" >&2
