#!/usr/bin/env bash
# Builds and runs every test (no GPU and no display needed: GL tests use Mesa llvmpipe through EGL), in parts:
#   release   CPU tests, headless-EGL GL tests, dicer-bench runs, window tests of dicer under xvfb-run
#   sanitize  the same suite, dicer included, built Debug with ASan + UBSan (UB is fatal; leaks are checked,
#             the driver's own suppressed by tests/sanitizers/lsan.supp)
#   fuzz      each libFuzzer target for DICER_FUZZ_SECONDS (default 60) from its seed corpus (scripts/fuzz.sh)
# usage: scripts/test.sh [all|release|debug|sanitize|fuzz]      (default all: release, sanitize, fuzz)
# A failing part stops the run. Every part prints a summary (passed, failed, skipped, each skipped test named
# with its reason); the last line counts the tests of every part that ran. With CI=true a test skipped for any
# reason but the optional ../shared models (e.g. xvfb-run missing) is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
case "$what" in
all) parts=(release sanitize fuzz) ;;
release | debug | sanitize | fuzz) parts=("$what") ;;
*)
    echo "usage: scripts/test.sh [all|release|debug|sanitize|fuzz]" >&2
    exit 2
    ;;
esac
ci_flag=""
[ "${CI:-}" = true ] && ci_flag=--ci
# Per-test limit for tests without their own TIMEOUT (a hang fails instead of stalling CI).
test_timeout="${DICER_TEST_TIMEOUT:-900}"

summaries=() total=0 failed=0 skipped=0
finish() { # finish STATUS: every part's summary, then the closing line counting all of them
    echo
    echo "== scripts/test.sh summary (${parts[*]})"
    for s in "${summaries[@]}"; do echo "$s"; done
    local pct=100
    [ "$total" -gt 0 ] && pct=$(((total - failed) * 100 / total))
    echo "test.sh: $pct% tests passed, $failed tests failed out of $total ($skipped skipped, named above)"
    exit "$1"
}

run_ctest() { # run_ctest PRESET: build it, run its whole suite, summarise
    local preset=$1 start=$SECONDS rc=0 src=0 out
    bash scripts/build.sh "$preset"
    local junit="$PWD/build/$preset/ctest-junit.xml"
    rm -f "$junit"
    ctest --preset "$preset" -j"$(nproc)" --timeout "$test_timeout" --output-junit "$junit" \
        --test-output-size-passed 1000000 --test-output-size-failed 1000000 || rc=$?
    out=$(python3 scripts/ctest_summary.py "$preset" "$junit" $ci_flag) || src=$?
    echo "$out"
    summaries+=("$out" "$preset: $((SECONDS - start)) s (build + tests)")
    local p f s
    read -r p f s < <(sed -n '1s/^[^:]*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped.*/\1 \2 \3/p' <<<"$out")
    total=$((total + p + f + s)) failed=$((failed + f)) skipped=$((skipped + s))
    if [ $src -ne 0 ] && [ "$f" -eq 0 ]; then failed=$((failed + 1)); fi # skips not allowed in CI
    if [ $rc -ne 0 ] || [ $src -ne 0 ]; then finish 1; fi
}

for part in "${parts[@]}"; do
    echo "== scripts/test.sh: $part"
    if [ "$part" = fuzz ]; then
        start=$SECONDS rc=0
        bash scripts/fuzz.sh "${DICER_FUZZ_SECONDS:-60}" || rc=$?
        total=$((total + 2))
        if [ $rc -ne 0 ]; then
            failed=$((failed + 1))
            summaries+=("fuzz: FAILED (see above)")
            finish 1
        fi
        summaries+=("fuzz: obj, image, gltf, nrrd, mhd fuzzers ${DICER_FUZZ_SECONDS:-60} s each: 0 crashes, leaks or timeouts; $((SECONDS - start)) s")
    else
        run_ctest "$part"
    fi
done
finish 0
