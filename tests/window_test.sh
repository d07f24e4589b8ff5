#!/usr/bin/env bash
# One window test of the dicer demo, run under a virtual X display (xvfb-run -a) so it needs no screen.
# usage: window_test.sh KIND DICER PNG_CHECK OUTDIR NAME [dicer arguments...]
#   render     exit 0 and 0 GL debug errors, the PNG has the window's size and shows the particle cloud
#   explode    two runs, before and after --explode-at: the later screenshot differs from the earlier one
#   bad-model  a missing model file: exit status 1 and a message naming the file
#   bad-shot   an unwritable screenshot folder: every frame still renders, then a message and exit 1
#   full-shot  --screenshot /dev/full (a full disk): a message with the reason and exit 1, never "saved"
#   soak       --soak N: exit 0, 0 GL debug errors, "soak: PASS" after the start and end samples
#   soak-leak  --soak N --soak-leak-test: exit 1, "soak: FAIL" naming the buffers that grew
#   usage      bad arguments: exit status 2 and the usage text (no display needed)
#   no-display no DISPLAY / WAYLAND_DISPLAY: exit 1 and a message pointing to dicer-bench
# A model path argument that does not exist (the shared models folder is optional) skips with status 77.
# So does a run that needs xvfb-run where it is missing; its "SKIP: missing tool" line makes scripts/test.sh
# fail the run under CI=true (a skip, counted and named, never a pass).
set -uo pipefail
kind=$1 dicer=$2 check=$3 outdir=$4 name=$5
shift 5
if [[ "$kind" != usage && "$kind" != no-display ]] && ! command -v xvfb-run >/dev/null; then
    echo "SKIP: missing tool: xvfb-run (apt-get install xvfb xauth)"
    exit 77
fi
mkdir -p "$outdir"
log="$outdir/$name.log"
png="$outdir/$name.png"

for arg in "$@"; do
    if [[ "$arg" == *.obj && "$kind" != bad-model && ! -f "$arg" ]]; then
        echo "SKIP: model $arg not found (the shared models folder is optional)"
        exit 77
    fi
done

# Window size of the run (default of the tests: 640x480), for the PNG size check.
size=640x480
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    [[ "${args[$i]}" == --window || "${args[$i]}" == --size ]] && size=${args[$((i + 1))]} # --size: old name
done

run() { # run LOGFILE ARGS...: dicer under xvfb, stdout+stderr to the log, returns dicer's status
    local out=$1
    shift
    # dicer's status is written to a file from inside the virtual display: xvfb-run reports failures of its own
    # with its own status (seen under load: "problem while cleaning up temporary directory", status 5) after
    # dicer has finished, which would replace the status under test. Without the file (the display never
    # started) xvfb-run's status stands.
    local statusFile="$out.status"
    rm -f "$statusFile"
    DICER_STATUS_FILE="$statusFile" xvfb-run -a -s "-screen 0 1024x768x24" \
        sh -c '"$0" "$@"; echo $? >"$DICER_STATUS_FILE"' "$dicer" "$@" >"$out" 2>&1
    local status=$?
    [ -s "$statusFile" ] && status=$(cat "$statusFile")
    sanitizer_check "$out"
    return "$status"
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

case "$kind" in
render)
    rm -f "$png"
    run "$log" "$@" --frames 12 --gl-debug --screenshot "$png" --screenshot-ui off
    status=$?
    grep -E "^(dicer:|\||verify|GL debug)" "$log"
    [ $status -eq 0 ] || fail "exit status $status"
    grep -q "^GL debug errors: 0$" "$log" || fail "GL debug errors reported"
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
        { cat "$log.late" >>"$log"; fail "late run failed"; }
    cat "$log.late" >>"$log"
    [ "$(grep -c '^GL debug errors: 0$' "$log")" -eq 2 ] || fail "GL debug errors reported"
    "$check" "$early" --size "$size" --particles || fail "early screenshot check"
    "$check" "$late" --size "$size" --differs "$early" || fail "the explosion changed nothing"
    ;;
bad-model)
    run "$log" "$@" --frames 2
    status=$?
    cat "$log"
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -q "cannot load the model" "$log" || fail "no load error message"
    ;;
full-shot)
    run "$log" "$@" --frames 2 --screenshot /dev/full
    status=$?
    grep -E "screenshot|^dicer:" "$log"
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -q "No space left on device" "$log" || fail "no write error message"
    grep -q "saved" "$log" && fail "reported as saved"
    ;;
bad-shot)
    run "$log" "$@" --frames 3 --screenshot /proc/dicer-unwritable/shot.png
    status=$?
    grep -E "screenshot|^dicer:" "$log"
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -q "cannot create folder" "$log" || fail "no screenshot error message"
    grep -q "^dicer: 3 frames" "$log" || fail "the run did not render all its frames"
    ;;
soak)
    run "$log" "$@" --gl-debug
    status=$?
    grep -E "^(soak:|dicer:|verify|GL debug)" "$log"
    [ $status -eq 0 ] || fail "exit status $status"
    grep -q "^GL debug errors: 0$" "$log" || fail "GL debug errors reported"
    grep -qE "^soak: +[0-9]+ +start " "$log" || fail "no start sample"
    grep -qE "^soak: +[0-9]+ +end " "$log" || fail "no end sample"
    grep -q "^soak: PASS" "$log" || fail "no soak verdict"
    ;;
soak-leak)
    run "$log" "$@" --gl-debug
    status=$?
    grep -E "^(soak:|GL debug)" "$log"
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -q "^soak: FAIL" "$log" || fail "the soak did not fail"
    grep -qE "^soak: +buffers: [0-9]+ -> [0-9]+ live" "$log" || fail "the failure does not name the buffers"
    grep -q "^soak: PASS" "$log" && fail "reported as passed"
    ;;
usage)
    "$dicer" "$@" >"$log" 2>&1
    status=$?
    sanitizer_check "$log"
    head -3 "$log"
    [ $status -eq 2 ] || fail "exit status $status, expected 2"
    grep -q "^usage: dicer" "$log" || fail "no usage text"
    ;;
no-display)
    env -u DISPLAY -u WAYLAND_DISPLAY "$dicer" "$@" >"$log" 2>&1
    status=$?
    sanitizer_check "$log"
    cat "$log"
    [ $status -eq 1 ] || fail "exit status $status, expected 1"
    grep -q "dicer-bench" "$log" || fail "the message does not point to dicer-bench"
    ;;
*)
    echo "window_test.sh: unknown kind $kind"
    exit 2
    ;;
esac
echo "PASS ($name)"
