#!/usr/bin/env bash
# Builds the libFuzzer targets (the 'fuzz' preset, clang-14) and runs each for SECONDS (default 60) from a
# scratch copy of its committed seed corpus, with its dictionary, one per core at a time. Fails on any crash,
# leak, timeout or out-of-memory (the input is kept in the scratch folder and named); prints each one's figures.
# usage: scripts/fuzz.sh [SECONDS=60] [fuzzer...]      (fuzzers: obj image gltf nrrd mhd; default all)
# Environment: DICER_FUZZ_KEEP=DIR keeps the scratch corpora and logs in DIR (docs/RELIABILITY.md's long runs).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
fuzzers=("$@")
all=(obj image gltf nrrd mhd)
[ ${#fuzzers[@]} -gt 0 ] || fuzzers=("${all[@]}")

bash scripts/setup.sh >/dev/null
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" --target "${all[@]/%/_fuzzer}"

scratch="${DICER_FUZZ_KEEP:-$(mktemp -d)}"
mkdir -p "$scratch"
[ -n "${DICER_FUZZ_KEEP:-}" ] || trap 'rm -rf "$scratch"' EXIT

declare -A dict=([obj]=tests/fuzz/obj.dict [image]=tests/fuzz/png.dict [gltf]=tests/fuzz/gltf.dict
                 [nrrd]=tests/fuzz/nrrd.dict
                 [mhd]=tests/fuzz/mhd.dict)
# One fuzzer per core at a time: each libFuzzer process runs on one core, so on 2 cores the five take about
# three rounds of SECONDS instead of five.
run_one() { # run_one NAME: fuzz it, then print its figures; exit status 1 when it found something
    local name=$1 corpus="$scratch/$1-corpus" log="$scratch/$1.log" rc=0
    rm -rf "$corpus" && mkdir -p "$corpus" "$scratch/$name-artifacts"
    cp tests/fuzz/corpus/"$name"/* "$corpus"/
    # -timeout: one input taking > 10 s is a hang; -rss_limit_mb: the loaders' caps must hold memory down;
    # -error_exitcode/-timeout_exitcode: libFuzzer's defaults (1 / 70 ...) made explicit as failures.
    "build/fuzz/bin/${name}_fuzzer" "$corpus" -dict="${dict[$name]}" -max_total_time="$seconds" \
        -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$scratch/$name-artifacts/" >"$log" 2>&1 || rc=$?
    # The last status line (#N ... cov: C ft: F corp: K/...) and the final stats.
    local last execs rate
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz: $name for ${seconds}s from $(ls tests/fuzz/corpus/"$name" | wc -l) seeds (${dict[$name]}): exit $rc; $execs execs, $rate exec/s; last: $last"
    if [ $rc -ne 0 ] || grep -qE '^==[0-9]+==ERROR|^SUMMARY: |ALARM: working on the last Unit|out-of-memory' "$log"; then
        echo "fuzz: $name FAILED; log tail ($log):"
        tail -40 "$log"
        ls -la "$scratch/$name-artifacts/" || true
        return 1
    fi
}
# Each run leaves its verdict in NAME.rc: 'wait -n' reaps a job, so its status is not asked for again later.
slots=$(nproc)
for name in "${fuzzers[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$slots" ]; do wait -n || true; done
    rm -f "$scratch/$name.rc"
    { rc=0; run_one "$name" || rc=$?; echo $rc >"$scratch/$name.rc"; } >"$scratch/$name.summary" 2>&1 &
done
wait
failed=()
for name in "${fuzzers[@]}"; do
    cat "$scratch/$name.summary"
    [ "$(cat "$scratch/$name.rc" 2>/dev/null)" = 0 ] || failed+=("$name")
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]}"
    exit 1
fi
echo "fuzz: ${#fuzzers[@]} fuzzers, ${seconds}s each, 0 crashes"
