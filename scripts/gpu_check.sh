#!/usr/bin/env bash
# One command for a GPU machine: builds, runs the GL tests on the EGL device platform, the benchmark (peers,
# voxelized scaling atlas vs bits and bits vs sparse, sorts, marching cubes) and the demo offscreen with
# --benchmark at each --presets preset, and
# writes what it measured as docs/bench/<part>_<renderer>.{md,csv} plus a short summary
# docs/bench/gpu_check_<renderer>.md (renderer, driver, each step's command, status and time, the headline
# numbers). <renderer> is a short tag of GL_RENDERER: h100, h200, a100, llvmpipe, ...
#
# usage: scripts/gpu_check.sh [--presets 256,512,1024] [--out docs/bench] [--tag NAME] [--quick] [--no-build]
#                             [--no-setup] [--frames N] [--build-dir build/release] [--step-timeout S]
#   --quick     a small run for machines without a GPU (CI-sized: preset 64, the GL foundation tests only,
#               bench --quick); what it writes is a check that the script works, not a measurement
#   --no-build  use the build folder as it is (e.g. the sanitizer build's);  --no-setup  configure and build
#               without installing packages (a GPU server without network: the packages must be there already)
#   --build-dir DIR  the build whose bin/ is run; with --no-build it may be a bare copy of bin/ (DIR/bin with the
#               programs, shaders/ and assets/) carried to a server without compilers: the GL tests then run as
#               every bin/*_gltest program, in parallel, instead of through CTest (scripts/gpu_pack.sh packs
#               such a bin/, scripts/gpu_remote.sh runs this script over it on the server)
#   --step-timeout S  stop any one program after S seconds (0, the default: no limit), so a run inside a fixed
#               lease still writes its summary
# Exit status: 0 every step passed, 1 a step failed (the summary names it), 2 bad arguments.
# Every step runs even after an earlier one failed, so one run says as much as it can.
set -uo pipefail
cd "$(dirname "$0")/.."

presets="256,512,1024" out="docs/bench" tag="" quick=0 build=1 setup=1 frames=60 build_dir=build/release
step_timeout=0
usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
    --presets) presets="${2:-}"; shift ;;
    --out) out="${2:-}"; shift ;;
    --tag) tag="${2:-}"; shift ;;
    --frames) frames="${2:-}"; shift ;;
    --build-dir) build_dir="${2:-}"; shift ;;
    --step-timeout) step_timeout="${2:-}"; shift ;;
    --quick) quick=1 ;;
    --no-build) build=0 ;;
    --no-setup) setup=0 ;;
    -h | --help) usage ;;
    *) echo "gpu_check: unknown argument '$1'" >&2; usage ;;
    esac
    shift
done
[[ "$presets" =~ ^[0-9]+(,[0-9]+)*$ ]] || { echo "gpu_check: --presets takes N[,N...] (N^3 presets)" >&2; exit 2; }
[[ "$frames" =~ ^[1-9][0-9]*$ ]] || { echo "gpu_check: --frames takes a positive number" >&2; exit 2; }
[[ "$step_timeout" =~ ^[0-9]+$ ]] || { echo "gpu_check: --step-timeout takes seconds" >&2; exit 2; }
[ -n "$out" ] || { echo "gpu_check: --out needs a folder" >&2; exit 2; }
if [ "$quick" = 1 ] && [ "$presets" = "256,512,1024" ]; then presets=64; fi
[ "$quick" = 1 ] && [ "$frames" = 60 ] && frames=12
mkdir -p "$out" || exit 1
bin=$build_dir/bin
python=/usr/bin/python3 # Debian's: the summaries read CSVs with the standard library only
[ -x "$python" ] || python=python3

limited() { # limited PROGRAM ARGS...: runs it, stopped after --step-timeout seconds where one is given
    if [ "$step_timeout" -gt 0 ]; then timeout -k 5 "$step_timeout" "$@"; else "$@"; fi
}

steps=() failed=0
step() { # step NAME COMMAND...: runs it, records status and seconds
    local name=$1 start=$SECONDS rc=0
    shift
    echo "== gpu_check: $name: $*" >&2
    "$@" || rc=$?
    local took=$((SECONDS - start))
    if [ $rc -eq 0 ]; then steps+=("| $name | ok | $took s |"); else
        steps+=("| $name | FAILED (exit $rc) | $took s |")
        failed=1
    fi
    return 0
}

# --- build ---------------------------------------------------------------------------------------------------
if [ "$build" = 1 ]; then
    if [ "$setup" = 1 ]; then
        step build bash scripts/build.sh release
    else
        step build sh -c 'cmake --preset release >/dev/null && cmake --build --preset release -j"$(nproc)"'
    fi
fi
[ -x "$bin/dicer-bench" ] || { echo "gpu_check: no $bin/dicer-bench: the build failed" >&2; exit 1; }

# --- the renderer: GL_RENDERER of the context the programs get (EGL device platform first) -------------------
about=$("$bin/dicer-bench" --sort --sort-n 0 --sort-m 0 --sort-plot none --egl device --reps 1 --warmup 0 2>/dev/null | grep -m1 '^renderer:' || true)
[ -n "$about" ] || about=$("$bin/dicer-bench" --sort --sort-n 0 --sort-m 0 --sort-plot none --reps 1 --warmup 0 2>/dev/null | grep -m1 '^renderer:')
renderer=${about#renderer: }
if [ -z "$tag" ]; then
    lower=$(echo "$renderer" | tr 'A-Z' 'a-z')
    tag=$(echo "$lower" | grep -oE 'llvmpipe|softpipe|[ahlb][0-9]{2,3}s?|rtx ?[0-9]{4}|gtx ?[0-9]{3,4}|radeon[^|]*' |
        head -1 | tr -c 'a-z0-9\n' '_' | sed 's/_*$//')
    [ -n "$tag" ] || tag=$(echo "$lower" | tr -c 'a-z0-9' '_' | cut -c1-24 | sed 's/_*$//')
fi
echo "gpu_check: renderer '$renderer' -> tag '$tag', presets $presets, into $out" >&2

# --- GL tests on the EGL device platform -----------------------------------------------------------------------
gltests="$out/gl_tests_$tag.md"
run_one_gltest() { # one GoogleTest program: PASSED/FAILED with its name and the lines that say why
    local out rc=0
    out=$(limited "$1" 2>&1) || rc=$?
    if [ $rc -eq 0 ]; then
        echo "PASSED $(basename "$1"): $(echo "$out" | grep -m1 -E 'tests? from .* ran')"
    else
        echo "FAILED $(basename "$1") (exit $rc$([ $rc -eq 124 ] && echo ': stopped by --step-timeout'))"
        echo "$out" | grep -E '^GL: |\[  FAILED  \]|Failure|rror' | head -20
    fi
}
run_gl_tests() {
    local log rc what
    if [ "$quick" = 1 ]; then # one executable, not CTest (this may itself run inside a CTest of this build)
        what="$bin/gl_foundation_gltest"
        log=$("$bin/gl_foundation_gltest" 2>&1)
        rc=$?
    elif [ -f "$build_dir/CTestTestfile.cmake" ]; then
        what="ctest -L gl in $build_dir"
        log=$(cd "$build_dir" && limited ctest -L gl -j"$(nproc)" --timeout 900 2>&1)
        rc=$?
    else # a carried bin/ without CTest: every GL test program, a few at a time, one line each (failures: more)
        what="every $bin/*_gltest, $(nproc) at a time"
        export -f limited run_one_gltest
        export step_timeout
        log=$(find "$bin" -maxdepth 1 -name '*_gltest' -type f | sort | xargs -P "$(nproc)" -n 1 bash -c 'run_one_gltest "$0"')
        echo "$log" | grep -q '^FAILED' && rc=1 || rc=0
    fi
    {
        echo "# GL tests on $renderer"
        echo
        echo "\`$what\` (EGL: the device platform first, then surfaceless: egl_context.h)"
        echo
        echo '```'
        echo "$log" | grep -E '^GL: |tests passed|tests failed|Failed|\*\*\*|Not Run|Total Test time|PASSED|FAILED|rror' |
            head -120
        echo '```'
    } >"$gltests"
    return $rc
}
step "GL tests" run_gl_tests

# --- the benchmark ---------------------------------------------------------------------------------------------
bench() { # bench PART ARGS...: dicer-bench ARGS with its Markdown, CSV and JSON under $out
    local part=$1
    shift
    limited "$bin/dicer-bench" --egl device "$@" --csv "$out/${part}_$tag.csv" --json "$out/${part}_$tag.json" \
        >"$out/${part}_$tag.md"
}
if [ "$quick" = 1 ]; then
    step "bench peers" bench peers --quick --plot none --sort-plot none
    step "bench voxels" bench voxels_scaling --scaling --voxels atlas,bits --preset 16,32 --reps 2 --warmup 1 --plot none
    step "bench sort" bench sort --sort --quick --sort-plot none
    step "bench mc" bench mc --mc --quick --mc-plot none
else
    step "bench peers" bench peers --peers --list-path readback,resident --storage both --build-path both
    step "bench voxels" bench voxels_scaling --scaling --voxels atlas,bits --preset "$presets" \
        --plot "$out/voxels_scaling_$tag.png"
    step "bench sort" bench sort --sort --sort-plot "$out/sort_$tag.png"
    # The marching cubes' GPU targets: counts + build + expand at 256^3 <= 0.5 ms and 512^3 <= 2 ms, every row checked.
    step "bench mc" bench mc --mc --volume metaballs:128,metaballs:256,metaballs:512,assets/volumes/headsq/quarter.nhdr \
        --mc-plot "$out/mc_$tag.png"
    step "bench sparse" bench sparse_scaling --scaling --voxels bits,sparse --preset "$presets" \
        --plot "$out/sparse_scaling_$tag.png"
fi

# --- the demo, offscreen, one --benchmark CSV per preset -------------------------------------------------------
demo_csv="$out/demo_$tag.csv"
run_demo() {
    local first=1 rc=0 preset csv
    : >"$demo_csv"
    for preset in ${presets//,/ }; do
        csv=$(mktemp)
        if ! limited "$bin/dicer" --offscreen --window 1280x800 --frames "$frames" --warmup 8 --preset "$preset" \
            --benchmark "$csv" >"$csv.log" 2>&1; then
            echo "gpu_check: dicer --preset $preset failed:" >&2
            tail -5 "$csv.log" >&2
            rc=1
        fi
        if [ -s "$csv" ]; then # header once, then every preset's rows
            if [ $first = 1 ]; then cat "$csv" >>"$demo_csv"; else tail -n +2 "$csv" >>"$demo_csv"; fi
            first=0
        fi
        rm -f "$csv" "$csv.log"
    done
    return $rc
}
if [ -x "$bin/dicer" ]; then
    step "demo offscreen" run_demo
else
    steps+=("| demo offscreen | not built (dicer needs GLFW and Dear ImGui) | 0 s |")
    failed=1
fi

# --- the demo's table and the summary ------------------------------------------------------------------------
"$python" - "$demo_csv" "$out/demo_$tag.md" "$renderer" <<'PY' || failed=1
import csv, statistics, sys
src, dst, renderer = sys.argv[1:4]
try:
    rows = list(csv.DictReader(open(src)))
except OSError:
    rows = []
stages = []
if rows:
    cols = list(rows[0].keys())
    stages = cols[cols.index("points") + 1:cols.index("frame_ms")]
with open(dst, "w") as f:
    f.write(f"# dicer --offscreen --benchmark on {renderer}\n\n")
    f.write("Medians of the frames after the warm-up (ms); an empty cell: the stage did not run.\n\n")
    f.write("| preset | method | points | " + " | ".join(stages) + " | frame ms | fps |\n")
    f.write("|---|---|---:|" + "---:|" * (len(stages) + 2) + "\n")
    for preset in dict.fromkeys(r["preset"] for r in rows):
        sel = [r for r in rows if r["preset"] == preset]
        def med(col, fmt="%.3g"):
            v = [float(r[col]) for r in sel if r[col]]
            return fmt % statistics.median(v) if v else ""
        f.write(f"| {preset} | {sel[-1]['method']} | {sel[-1]['points']} | " +
                " | ".join(med(s) for s in stages) + f" | {med('frame_ms')} | {med('fps', '%.1f')} |\n")
PY

summary="$out/gpu_check_$tag.md"
{
    echo "# scripts/gpu_check.sh on $renderer"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), presets $presets$([ "$quick" = 1 ] && echo ', --quick (a check of the script, not a measurement)')"
    echo
    echo "| step | status | time |"
    echo "|---|---|---:|"
    printf '%s\n' "${steps[@]}"
    echo
    echo "Outputs (docs/bench): gl_tests_$tag.md, peers_$tag.{md,csv,json}, voxels_scaling_$tag.{md,csv,json}, sort_$tag.{md,csv,json}, mc_$tag.{md,csv,json}, demo_$tag.{md,csv} (and sparse_scaling_$tag.* without --quick)."
    echo
    echo "## The demo's frame"
    echo
    sed -n '5,$p' "$out/demo_$tag.md" 2>/dev/null
    echo
    echo "## Voxelized volumes, atlas vs bits (dicer-bench --scaling --voxels atlas,bits)"
    echo
    # the table under "### Voxelized volumes": its rows, up to the blank line after them
    awk '/^### Voxelized volumes/ {on = 1; next} on && /^\|/ {print; seen = 1; next} seen {exit}' \
        "$out/voxels_scaling_$tag.md" 2>/dev/null
} >"$summary"
echo "gpu_check: summary in $summary" >&2
cat "$summary"
exit $failed
