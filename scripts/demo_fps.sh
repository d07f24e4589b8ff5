#!/usr/bin/env bash
# Measures the dicer demo's frame time per HistoPyramid variant at the volume presets 64, 128 and 256 (256^3 =
# paper-4096) with `--frames N` runs under a virtual display, and writes the table into docs/DEMO.md between
# the fps markers. Each row is printed by the app itself at exit (app/report.cpp), nothing is typed by hand.
# usage: scripts/demo_fps.sh [frames=60] [extra dicer arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-60}"
shift || true
dicer=build/release/bin/dicer
[ -x "$dicer" ] || bash scripts/build.sh release

table=$(mktemp)
trap 'rm -f "$table"' EXIT
renderer=""
for preset in 64 128 256; do
    for variant in dicer_single dicer_vec4 dicer_rect dicer_bil; do
        out=$(xvfb-run -a -s "-screen 0 1920x1080x24" "$dicer" --frames "$frames" --preset "$preset" \
            --variant "$variant" "$@" 2>/dev/null)
        echo "$out" | grep -E "^(dicer:|frame:)" >&2
        [ -n "$renderer" ] || renderer=$(echo "$out" | sed -n 's/^renderer: //p')
        [ -n "$renderer" ] && timer=$(echo "$out" | sed -n 's/^timer: //p')
        echo "$out" | grep -E "^\| " >>"$table"
    done
done

block=$(
    echo "Measured $(date -u +%Y-%m-%d) with \`scripts/demo_fps.sh $frames $*\`: $renderer; timer $timer;"
    echo "$(nproc) CPU cores ($(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')), load average at the end"
    echo "$(cut -d' ' -f1-3 /proc/loadavg). Stage columns: average ms per frame over the last $((frames - 8)) frames."
    echo
    echo "| variant | preset | points | voxelize | HP build | PointList | particles | views | UI | frame ms | fps |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    cat "$table"
)
python3 - "$block" <<'PY'
import re, sys
path = "docs/DEMO.md"
text = open(path).read()
begin, end = "<!-- fps:begin -->", "<!-- fps:end -->"
new = begin + "\n" + sys.argv[1] + "\n" + end
text = re.sub(re.escape(begin) + ".*?" + re.escape(end), lambda m: new, text, flags=re.S)
open(path, "w").write(text)
PY
echo "docs/DEMO.md updated" >&2
