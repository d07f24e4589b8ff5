#!/usr/bin/env bash
# One window test of the dicer demo, run under a virtual X display (xvfb-run -a) so it needs no screen; with
# --offscreen among the arguments (the offscreen twins) dicer runs without xvfb and without DISPLAY instead.
# usage: window_test.sh KIND DICER PNG_CHECK OUTDIR NAME [dicer arguments...]
#   render     exit 0 and 0 GL debug errors, the PNG has the window's size and shows the particle cloud
#   explode    two runs, before and after --explode-at: the later screenshot differs from the earlier one
#   sorted     two runs of the same scripted frames, opaque splats and --particles sorted (sorted blending): each
#              exit 0 and 0 GL debug errors, the sorted screenshot shows particles and differs from the opaque one
#   box        a non-cubic --preset XxYxZ: as render, and Verify OK at exit and the summary names
#              the box the volume is drawn as ("drawn as a 0.5 x 0.25 x 1 box")
#   volume     a scalar volume: as render, and Verify OK at exit (GPU = CPU count, > 0 points) and the
#              summary names the volume and its size ("volume XxYxZ")
#   surface    a volume's surface (--view surface): exit 0 and 0 GL debug errors in 3 frames, the
#              summary names the surface method and > 0 triangles, the PNG has the window's size and shows it
#   export-surface --export-surface FILE.ply: exit 0, the header exactly docs/SURFACES.md's (binary little-endian,
#              vertex x y z nx ny nz, face list uchar int) with the counts the log names, the file's size that of
#              the header plus N x 24 + M x 13 bytes; into a missing folder: one message and exit 1
#   empty-band a volume with a band that holds no voxel: exit 0, Verify OK with 0 points, and exactly one line
#              saying the band holds no voxel
#   large      a large volume in two frames: exit 0, Verify OK at exit, 0 GL debug errors, the particle cloud
#   sparse-preset  a large preset without --voxels (--preset 2048): as large, and the summary says
#              the preset's default output is the sparse occupancy, its pool and a complete frame
#   refused    a preset no chosen output holds: exit status 1 and a message matching the pattern after --expect
#   out-of-memory  --refuse-memory-from: an object the driver refuses mid-run; the run goes on without it: exit 0,
#              0 GL debug errors, exactly one "cannot allocate" line over every frame, matching the pattern after
#              --expect, Verify OK at exit
#   bad-volume a missing or malformed volume file: exit status 1 and exactly one "cannot load the volume" line
#   bad-model  a missing model file: exit status 1 and a message naming the file
#   bad-shot   an unwritable screenshot folder: every frame still renders, then a message and exit 1
#   full-shot  --screenshot /dev/full (a full disk): a message with the reason and exit 1, never "saved"
#   export-ply --export-ply: exit 0, and ply_check (next to png_check) reads the file with its own PLY reader:
#              vertex count = the CPU reference's count of the last frame, plus the checks given after
#              `--check` (model bounding box, colours, format)
#   bad-export --export-ply into a missing folder, then /dev/full: a message with the reason and exit 1 each
#   layout     --window 1280x800, defaults: the Timings table is on screen; the layout lands in
#              $DICER_CONFIG_DIR/imgui.ini and is read back (a Timings window moved off screen there is reported)
#   ui-fit     every sidebar section open (--open-sections) at 1280x800, 1920x1080 and a UI scale of 2 (at both
#              sizes): each run's summary says "ui fit: every panel fits" (no panel's content wider than the panel)
#   verify-auto --verify-auto on: the list is checked by itself once it settles after the start, off the frame
#              thread ("verify after a change (frame N, M ms off the frame thread): OK"), 0 GL errors; a scripted
#              run without it checks only its last frame
#   xray       --xray K: the descent of output K printed after the last frame, level by level down to the cell
#              found (one "xray:" line a level, from the top); K past the count: one line says so and the last
#              output is followed; a method whose traversal records no path: one line and exit 1; with the
#              surface shown, its vertex K down hp_mc's pyramid first, ending on its cell, case and triangle;
#              with sorted blending, its slot K down the depth order's counting sort (its 4097 buckets' levels).
#              The X-ray panel: open with --xray, drawn every frame (every level of hp_bits' pyramid); without
#              it never made, so it issued no GL call
#   soak       --soak N: exit 0, 0 GL debug errors, "soak: PASS" after the start and end samples (and, with
#              --expect PATTERN, the summary of the settings it ends on matches it)
#   soak-leak  --soak N --soak-leak-test: exit 1, "soak: FAIL" naming the buffers that grew
#   usage      bad arguments: exit status 2 and the usage text (no display needed)
#   no-display no DISPLAY / WAYLAND_DISPLAY: exit 1 and a message pointing to --offscreen and dicer-bench
#   agree      the same scripted frame in the window (xvfb) and --offscreen: both without GL errors, and the
#              screenshots agree: at most 0.1 % of the pixels differ by more than 2/255 in some channel.
#              Measured on llvmpipe (640x480 = 307200 pixels): splats (teapot, exploded, heart solid) give
#              identical images; GL point sprites alone differ in 33 pixels by 1/255; GL point sprites over
#              the shaded heart in 6 pixels (0.002 %) by up to 108/255 (sprite-edge pixels where a sprite and
#              the mesh tie in depth; the window's buffer and the FBO take different driver paths, and such
#              ties may go either way). The 0.1 % margin leaves GPU drivers room for such ties; a wrong
#              orientation, size, colour format or a missing pass changes far more pixels by far more.
# Runs never read or write the real ~/.config/dicer/imgui.ini: DICER_CONFIG_DIR set but empty means no layout
# file (the layout test points it into its output folder).
# A model path argument that does not exist (the shared models folder is optional) skips with status 77.
# So does a run that needs xvfb-run where it is missing; its "SKIP: missing tool" line makes scripts/test.sh
# fail the run under CI=true (a skip, counted and named, never a pass).
set -uo pipefail
kind=$1 dicer=$2 check=$3 outdir=$4 name=$5
shift 5
needs_xvfb=1
[[ "$kind" == usage || "$kind" == no-display ]] && needs_xvfb=0
for arg in "$@"; do [[ "$arg" == --offscreen ]] && needs_xvfb=0; done
if [ $needs_xvfb -eq 1 ] && ! command -v xvfb-run >/dev/null; then
    echo "SKIP: missing tool: xvfb-run (apt-get install xvfb xauth)"
    exit 77
fi
mkdir -p "$outdir"
export DICER_CONFIG_DIR=
log="$outdir/$name.log"
png="$outdir/$name.png"

for arg in "$@"; do
    if [[ "$arg" == *.obj && "$kind" != bad-model && ! -f "$arg" ]]; then
        echo "SKIP: model $arg not found (the shared models folder is optional)"
        exit 77
    fi
done

# Arguments after --check go to ply_check (export-ply), the one after --expect is the refused message's pattern,
# the others go to dicer.
checks=()
expect=
for ((i = 1; i <= $#; i++)); do
    if [[ "${!i}" == --expect ]]; then
        j=$((i + 1))
        expect=${!j}
        set -- "${@:1:i-1}" "${@:i+2}"
        break
    fi
done
for ((i = 1; i <= $#; i++)); do
    if [[ "${!i}" == --check ]]; then
        checks=("${@:i+1}")
        set -- "${@:1:i-1}"
        break
    fi
done

# Window size of the run (default of the tests: 640x480), for the PNG size check.
size=640x480
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    [[ "${args[$i]}" == --window ]] && size=${args[$((i + 1))]}
done

run() { # run LOGFILE ARGS...: dicer under xvfb (headless: without a display), output to LOGFILE, its status
    local out=$1
    shift
    local arg status headless=0
    [[ "$kind" == usage || "$kind" == no-display ]] && headless=1
    for arg in "$@"; do [[ "$arg" == --offscreen ]] && headless=1; done
    if [ $headless -eq 1 ]; then # no display at all: --offscreen (and a usage error) must not need one
        env -u DISPLAY -u WAYLAND_DISPLAY "$dicer" "$@" >"$out" 2>&1
        status=$?
    else
        # dicer's status is written to a file from inside the virtual display: xvfb-run reports failures of
        # its own with its own status (seen under load: "problem while cleaning up temporary directory",
        # status 5) after dicer has finished, which would replace the status under test. Without the file
        # (the display never started) xvfb-run's status stands.
        local statusFile="$out.status"
        rm -f "$statusFile"
        DICER_STATUS_FILE="$statusFile" xvfb-run -a -s "-screen 0 1024x768x24" \
            sh -c '"$0" "$@"; echo $? >"$DICER_STATUS_FILE"' "$dicer" "$@" >"$out" 2>&1
        status=$?
        [ -s "$statusFile" ] && status=$(cat "$statusFile")
    fi
    sanitizer_check "$out"
    [ "$out" == "$log" ] || cat "$out" >>"$log" # a second run's output joins the test's log (fail shows it)
    return "$status"
}

# expect_run STATUS SHOWN LOGFILE ARGS...: run, print the lines of LOGFILE that match the extended regular
# expression SHOWN (all of them for ""), and fail unless dicer's exit status is STATUS.
expect_run() {
    local want=$1 shown=$2 out=$3
    shift 3
    run "$out" "$@"
    local status=$?
    if [ -z "$shown" ]; then cat "$out"; else grep -E "$shown" "$out"; fi
    [ $status -eq "$want" ] || fail "exit status $status, expected $want ($out)"
}

sanitizer_check() { # an ASan/LSan/UBSan report fails the test whatever the exit status (sanitize preset)
    if grep -qE "ERROR: [A-Za-z]+Sanitizer|runtime error: " "$1"; then
        echo "FAIL ($name): sanitizer report"
        cat "$1"
        exit 1
    fi
}

fail() {
    echo "FAIL ($name): $*"
    echo "--- log:"
    cat "$log"
    exit 1
}

no_gl_errors() { # no_gl_errors [RUNS=1]: each of the test's RUNS runs reported 0 GL debug errors
    [ "$(grep -c '^GL debug errors: 0$' "$log")" -eq "${1:-1}" ] || fail "GL debug errors reported"
}

# A file write that fails for want of space (/dev/full): a message with the reason, never "saved".
expect_full_disk_message() {
    grep -q "No space left on device" "$1" || fail "no write error message"
    grep -q "saved" "$1" && fail "reported as saved"
}

case "$kind" in
render)
    rm -f "$png"
    expect_run 0 "^(dicer:|\||verify|GL debug)" "$log" \
        "$@" --frames 12 --gl-debug --screenshot "$png" --screenshot-ui off
    no_gl_errors
    [ -f "$png" ] || fail "no screenshot $png"
    "$check" "$png" --size "$size" --particles || fail "screenshot check"
    ;;
explode)
    early="$outdir/$name-early.png" late="$outdir/$name-late.png"
    rm -f "$early" "$late"
    # Same run, stopped before the explosion (frame 6 is never rendered) and well after it.
    run "$log" "$@" --frames 6 --explode-at 6 --gl-debug --screenshot "$early" --screenshot-ui off ||
        fail "early run failed"
    run "$log.late" "$@" --frames 18 --explode-at 6 --gl-debug --screenshot "$late" --screenshot-ui off ||
        fail "late run failed"
    no_gl_errors 2
    "$check" "$early" --size "$size" --particles || fail "early screenshot check"
    "$check" "$late" --size "$size" --differs "$early" || fail "the explosion changed nothing"
    ;;
sorted)
    opaque="$outdir/$name-opaque.png"
    rm -f "$png" "$opaque"
    run "$log" "$@" --frames 12 --gl-debug --screenshot "$opaque" --screenshot-ui off || fail "opaque run failed"
    run "$log.sorted" "$@" --frames 12 --gl-debug --screenshot "$png" --screenshot-ui off --particles sorted ||
        fail "sorted run failed"
    grep -E "^(dicer:|particles:|sort |\||verify|GL debug)" "$log.sorted"
    no_gl_errors 2
    grep -q "^particles: sorted blending" "$log.sorted" || fail "the summary does not name sorted blending"
    grep -qE "^sort +[0-9.]+ " "$log.sorted" || fail "no sort stage in the timings"
    "$check" "$png" --size "$size" --particles || fail "sorted screenshot check"
    "$check" "$png" --size "$size" --differs "$opaque" || fail "sorted blending looks like the opaque splats"
    ;;
large)
    # A large volume (--voxels bits --preset 1024: ~1 M points on llvmpipe): two frames, verified, no GL error.
    rm -f "$png"
    expect_run 0 "^(dicer:|verify|GL debug)" "$log" "$@" --frames 2 --gl-debug --screenshot "$png" --screenshot-ui off
    grep -qE "^verify \(last frame\): OK, GPU [0-9]+ / CPU [0-9]+ points, 0 mismatches" "$log" || fail "no verify OK"
    no_gl_errors
    "$check" "$png" --size "$size" --particles || fail "screenshot check"
    ;;
sparse-preset)
    rm -f "$png"
    expect_run 0 "^(dicer:|verify|sparse|GL debug)" "$log" "$@" --frames 2 --gl-debug --screenshot "$png" \
        --screenshot-ui off
    grep -qE "^verify \(last frame\): OK, GPU ([1-9][0-9]*) / CPU \1 points, 0 mismatches" "$log" || fail "no verify OK"
    grep -qE "^dicer: .* \| hp_sparse \| .*as the sparse occupancy" "$log" || fail "the summary names no sparse output"
    grep -qE "^sparse occupancy: pool [0-9]+ bricks \([0-9.]+ MiB held\); .*, complete$" "$log" ||
        fail "the summary names no sparse pool of a complete frame"
    no_gl_errors
    "$check" "$png" --size "$size" --particles || fail "screenshot check"
    ;;
refused)
    expect_run 1 "" "$log" "$@" --frames 2
    [ "$(grep -c "^dicer: " "$log")" -eq 1 ] || fail "not exactly one message"
    grep -qE "$expect" "$log" || fail "no message matching: $expect"
    ;;
out-of-memory)
    expect_run 0 "^(dicer:|verify|GL debug|\[error\])" "$log" "$@" --frames 6 --gl-debug
    [ "$(grep -c "cannot allocate" "$log")" -eq 1 ] || fail "not exactly one allocation error"
    grep -qE "$expect" "$log" || fail "no message matching: $expect"
    grep -qE "^verify \(last frame\): OK, GPU [0-9]+ / CPU [0-9]+ points, 0 mismatches" "$log" || fail "no verify OK"
    no_gl_errors
    ;;
box)
    rm -f "$png"
    expect_run 0 "^(dicer:|verify|GL debug)" "$log" \
        "$@" --frames 12 --gl-debug --screenshot "$png" --screenshot-ui off
    grep -qE "^verify \(last frame\): OK, GPU [0-9]+ / CPU [0-9]+ points, 0 mismatches" "$log" || fail "no verify OK"
    grep -qE "^dicer: .*drawn as a [0-9.]+ x [0-9.]+ x [0-9.]+ box" "$log" || fail "the summary names no box"
    no_gl_errors
    [ -f "$png" ] || fail "no screenshot $png"
    "$check" "$png" --size "$size" --particles || fail "screenshot check"
    ;;
volume)
    rm -f "$png"
    expect_run 0 "^(dicer:|verify|volume|GL debug)" "$log" \
        "$@" --frames 12 --gl-debug --screenshot "$png" --screenshot-ui off
    grep -qE "^verify \(last frame\): OK, GPU ([1-9][0-9]*) / CPU \1 points, 0 mismatches" "$log" ||
        fail "no verify OK with points"
    grep -qE "^dicer: .* \| volume [0-9]+x[0-9]+x[0-9]+ \|" "$log" || fail "the summary names no volume size"
    grep -q "holds no voxel" "$log" && fail "an empty band reported for a band with points"
    no_gl_errors
    [ -f "$png" ] || fail "no screenshot $png"
    "$check" "$png" --size "$size" --particles || fail "screenshot check"
    ;;
surface)
    rm -f "$png"
    expect_run 0 "^(dicer:|surface|GL debug)" "$log" "$@" --frames 3 --gl-debug --screenshot "$png" --screenshot-ui off
    no_gl_errors
    grep -qE "^surface: [a-z_]+, [1-9][0-9]* triangles" "$log" || fail "the summary names no surface"
    [ -f "$png" ] || fail "no screenshot $png"
    "$check" "$png" --size "$size" --particles || fail "screenshot check"
    ;;
export-surface)
    ply="$outdir/$name.ply"
    rm -f "$ply"
    expect_run 0 "^(surface|GL debug)|saved" "$log" "$@" --frames 3 --gl-debug --export-surface "$ply"
    no_gl_errors
    [ -f "$ply" ] || fail "no PLY $ply"
    counts=$(sed -nE 's/.*saved the surface, ([0-9]+) triangles and ([0-9]+) vertices.*/\2 \1/p' "$log")
    read -r vertices faces <<<"$counts"
    [ -n "$vertices" ] && [ "$faces" -gt 0 ] || fail "the log names no saved surface"
    header=$(printf '%s\n' ply "format binary_little_endian 1.0" "comment Dicer marching-cubes surface" \
        "element vertex $vertices" "property float x" "property float y" "property float z" "property float nx" \
        "property float ny" "property float nz" "element face $faces" "property list uchar int vertex_indices" \
        end_header)
    [ "$(head -c ${#header} "$ply")" == "$header" ] || fail "the PLY header is not docs/SURFACES.md's: $(head -c 400 "$ply")"
    want=$((${#header} + 1 + vertices * 24 + faces * 13))
    [ "$(stat -c %s "$ply")" -eq "$want" ] || fail "the PLY has $(stat -c %s "$ply") bytes, expected $want"
    expect_run 1 "surface export|^dicer:" "$log.bad" "$@" --frames 2 --export-surface /nonexistent/dicer-dir/s.ply
    [ "$(grep -c "surface export: .*/nonexistent/dicer-dir/s.ply" "$log.bad")" -eq 1 ] ||
        fail "not exactly one message naming the file"
    ;;
empty-band)
    expect_run 0 "^(dicer:|verify|volume|GL debug)" "$log" "$@" --frames 6 --gl-debug
    grep -qE "^verify \(last frame\): OK, GPU 0 / CPU 0 points, 0 mismatches" "$log" || fail "no verify OK, 0 points"
    grep -qE "\| 0 points$" "$log" || fail "the summary does not give 0 points"
    [ "$(grep -c "holds no voxel" "$log")" -eq 1 ] || fail "not exactly one line saying the band holds no voxel"
    no_gl_errors
    ;;
bad-volume)
    expect_run 1 "" "$log" "$@" --frames 2
    [ "$(grep -c "cannot load the volume" "$log")" -eq 1 ] || fail "not exactly one load error message"
    grep -q "frames of" "$log" && fail "frames were rendered without the volume"
    ;;
bad-preset)
    # A volume the output cannot hold (the atlas at 1024^3 = a 32768^2 texture): one clear error, status 1.
    expect_run 1 "" "$log" "$@" --frames 2
    grep -q "32768x32768 slice atlas.*--voxels bits" "$log" || fail "no message naming the atlas size and the way out"
    ;;
bad-model)
    expect_run 1 "" "$log" "$@" --frames 2
    grep -q "cannot load the model" "$log" || fail "no load error message"
    ;;
full-shot)
    expect_run 1 "screenshot|^dicer:" "$log" "$@" --frames 2 --screenshot /dev/full
    expect_full_disk_message "$log"
    ;;
bad-shot)
    expect_run 1 "screenshot|^dicer:" "$log" "$@" --frames 3 --screenshot /proc/dicer-unwritable/shot.png
    grep -q "cannot create folder" "$log" || fail "no screenshot error message"
    grep -q "^dicer: 3 frames" "$log" || fail "the run did not render all its frames"
    ;;
export-ply)
    ply="$outdir/$name.ply"
    rm -f "$ply"
    expect_run 0 "^(dicer:|verify|GL debug)|PLY|saved" "$log" "$@" --frames 12 --gl-debug --export-ply "$ply"
    no_gl_errors
    count=$(sed -nE 's/^verify \(last frame\): OK, GPU [0-9]+ \/ CPU ([0-9]+) points.*/\1/p' "$log")
    [ -n "$count" ] || fail "no verified point count in the summary"
    "$(dirname "$check")/ply_check" "$ply" --count "$count" "${checks[@]}" || fail "PLY check"
    ;;
bad-export)
    expect_run 1 "PLY|^dicer:" "$log" "$@" --frames 2 --export-ply /nonexistent/dicer-dir/x.ply
    grep -q "points export: .*/nonexistent/dicer-dir/x.ply.*No such file or directory" "$log" ||
        fail "no message naming the file and the reason"
    grep -q "^dicer: 2 frames" "$log" || fail "the run did not finish its frames"
    expect_run 1 "PLY" "$log.full" "$@" --frames 2 --export-ply /dev/full
    expect_full_disk_message "$log.full"
    ;;
layout)
    export DICER_CONFIG_DIR="$outdir/$name.config"
    rm -rf "$DICER_CONFIG_DIR"
    expect_run 0 "layout|^dicer:" "$log" "$@" --window 1280x800 --frames 4
    grep -q "timer: .*1280 x 800 window" "$log" || fail "the window is not 1280x800"
    grep -q "layout: the Timings table is on screen" "$log" || fail "the Timings table is not on screen"
    ini="$DICER_CONFIG_DIR/imgui.ini"
    grep -q '^\[Window\]\[Timings\]' "$ini" || fail "no Timings window in $ini"
    # Moved off screen in the ini: the next run starts it there (the layout is read back) and says so.
    sed -i '/^\[Window\]\[Timings\]/,/^$/s/^Pos=.*/Pos=1200,700/' "$ini"
    expect_run 0 "layout" "$log.moved" "$@" --window 1280x800 --frames 4
    grep -q "layout: the Timings table is NOT fully on screen" "$log.moved" || fail "the ini was not read back"
    ;;
ui-fit)
    for size in "1280x800" "1920x1080" "1280x800 --ui-scale 2" "1920x1080 --ui-scale 2"; do
        # shellcheck disable=SC2086 # the size and its scale are two words on purpose
        expect_run 0 "^ui fit" "$log" "$@" --frames 3 --open-sections --window $size
        grep -q "^ui fit: every panel fits" "$log" || fail "a panel is clipped at --window $size"
    done
    ;;
verify-auto)
    # Long enough for the wait after the start (300 ms and 3 frames), the copy and the comparison.
    expect_run 0 "(verify|GL debug)" "$log" "$@" --frames 150 --gl-debug --verify-auto on
    no_gl_errors
    grep -qE "verify after a change \(frame [0-9]+, [0-9]+ ms off the frame thread\): OK: " "$log" ||
        fail "no check by itself after the start"
    run "$log.default" "$@" --frames 12 || fail "the run without --verify-auto failed"
    grep -q "verify after a change" "$log.default" && fail "a scripted run checked by itself unasked"
    ;;
xray)
    expect_run 0 "^(xray|GL debug)" "$log" "$@" --frames 3 --gl-debug --xray 1000
    no_gl_errors
    grep -qE "^xray: output 1000 of [0-9]+, down hp_bits's pyramid" "$log" || fail "no descent of output 1000"
    grep -qE "^xray: +level +3 +cell .* mask [0-9a-f]{16}: set bit #[0-9]+ is bit [0-9]+" "$log" ||
        fail "no mask level"
    grep -qE "^xray: +output 1000 is texel \([0-9]+, [0-9]+\)$" "$log" || fail "no cell found"
    [ "$(grep -cE '^xray: +level' "$log")" -ge 4 ] || fail "fewer than 4 levels"
    grep -qE "^x-ray view: 3 renders, [0-9]+ levels$" "$log" || fail "the X-ray panel did not draw every frame"
    expect_run 0 "^x-ray view" "$log.off" "$@" --frames 3
    grep -qE "^x-ray view: off, never made \(no GL calls\)$" "$log.off" || fail "the X-ray view was made while off"
    expect_run 0 "^xray" "$log.beyond" "$@" --frames 3 --xray 1000000000
    grep -qE "^xray: output 1000000000 is beyond the [0-9]+ outputs of hp_bits: following the last, [0-9]+$" \
        "$log.beyond" || fail "no message for a key beyond the count"
    grep -qE "^xray: +output [0-9]+ is texel" "$log.beyond" || fail "the last output was not followed"
    expect_run 1 "^xray" "$log.paper" "$@" --frames 3 --method atomic_append --xray 0
    [ "$(grep -c '^xray:' "$log.paper")" -eq 1 ] || fail "not one line for a method without a path"
    expect_run 0 "^xray" "$log.surface" "$@" --frames 3 --view surface,points --xray 100
    grep -qE "^xray: surface vertex 100 of [0-9]+, down hp_mc's pyramid" "$log.surface" || fail "no surface descent"
    grep -qE "^xray: +vertex 100 is cell \([0-9]+, [0-9]+, [0-9]+\)'s vertex [0-9]+: case [0-9]+, [1-5] triangles, corner [0-2] of its triangle [0-4]$" \
        "$log.surface" || fail "no cell, case and triangle for the surface's vertex"
    expect_run 0 "^(xray|x-ray)" "$log.sort" "$@" --frames 3 --particles sorted --xray-pyramid depth-order --xray 100
    grep -qE "^xray: depth-order slot 100 of [0-9]+, down hp_counting_sort's pyramid" "$log.sort" ||
        fail "no descent of the depth order's slot"
    grep -qE "^xray: +slot 100 is key [0-9]+ of bucket [0-9]+: its sorted key is [0-9]+$" "$log.sort" ||
        fail "no bucket for the depth order's slot"
    grep -qE "^x-ray view: 3 renders, 1[0-9] levels$" "$log.sort" || fail "the depth order's pyramid was not drawn"
    ;;
soak)
    expect_run 0 "^(soak:|dicer:|verify|GL debug)" "$log" "$@" --gl-debug
    no_gl_errors
    grep -qE "^soak: +[0-9]+ +start " "$log" || fail "no start sample"
    grep -qE "^soak: +[0-9]+ +end " "$log" || fail "no end sample"
    grep -q "^soak: PASS" "$log" || fail "no soak verdict"
    # --expect PATTERN: the summary after the soak (the base settings it ends on) matches it.
    if [ -n "$expect" ]; then grep -qE "$expect" "$log" || fail "the summary does not match '$expect'"; fi
    ;;
soak-leak)
    expect_run 1 "^(soak:|GL debug)" "$log" "$@" --gl-debug
    grep -q "^soak: FAIL" "$log" || fail "the soak did not fail"
    grep -qE "^soak: +buffers: [0-9]+ -> [0-9]+ live" "$log" || fail "the failure does not name the buffers"
    grep -q "^soak: PASS" "$log" && fail "reported as passed"
    ;;
usage)
    run "$log" "$@"
    status=$?
    head -3 "$log"
    [ $status -eq 2 ] || fail "exit status $status, expected 2"
    grep -q "^usage: dicer" "$log" || fail "no usage text"
    ;;
no-display)
    expect_run 1 "" "$log" "$@"
    grep -q "dicer-bench" "$log" || fail "the message does not point to dicer-bench"
    grep -q -- "--offscreen" "$log" || fail "the message does not point to --offscreen"
    ;;
agree)
    win="$outdir/$name-window.png" off="$outdir/$name-offscreen.png"
    rm -f "$win" "$off"
    run "$log" "$@" --frames 12 --gl-debug --screenshot "$win" --screenshot-ui off || fail "window run failed"
    run "$log.off" "$@" --offscreen --frames 12 --gl-debug --screenshot "$off" --screenshot-ui off ||
        fail "offscreen run failed"
    grep -E "^(timer|GL debug)" "$log"
    no_gl_errors 2
    "$check" "$off" --size "$size" --particles || fail "offscreen screenshot check"
    "$check" "$off" --agrees "$win" 2 0.1 || fail "the offscreen and window screenshots disagree"
    ;;
*)
    echo "window_test.sh: unknown kind $kind"
    exit 2
    ;;
esac
echo "PASS ($name)"
