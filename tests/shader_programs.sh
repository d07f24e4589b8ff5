#!/usr/bin/env bash
# Every GL program dicer and dicer-bench build, through Khronos' reference compiler. Only Mesa
# llvmpipe compiles the shaders at run time, and it accepts GLSL that the spec (and NVIDIA, AMD, glslang)
# rejects. So the programs are taken from where they are built: each run below writes every program its
# ShaderLibrary builds (--dump-shaders, engine/gl/shader_dump.h: the text given to glShaderSource, defines
# injected and #includes expanded, plus the manifest programs.tsv), and each distinct program is compiled and
# linked by glslangValidator as GLSL 4.50 (the files' #version), the stage taken from the object's name, all
# objects of a program together (-l: a slot function is a second object of its stage, linked as GL does).
# Fails on
#   - a run that fails (its exit status and output tail are printed),
#   - any glslang error or warning, printed as file:line of the real shader file (the #line file ids mapped
#     back through the manifest) with the program's name, defines and dumped objects,
#   - coverage: a shader file no program compiled: every shaders/*/*.glsl and every header that a shader
#     #includes must be a source of some compiled program, so a new shader that no run builds is named here
#     (add a run below, or a GL test case to the shader_programs test in tests/CMakeLists.txt, that builds it).
# The runs are small (64^3 volumes, 2 frames, --quick tables). Together they build every program the two
# executables can build (255 distinct programs with the GL tests' on 2026-11-30, printed below), the same set as
# 56 runs over every setting (each demo method row x storage x build path, every voxelization method x output x
# mode, every particle renderer, the soak's schedule, every dicer-bench table), compared once by hand.
# GL tests are runs too: the shaders only a GL test builds (the rank check, the dense slot function, hp5's ballot
# words where the subgroups are narrower than 16 lanes) come from the cheapest case that builds them
# (gl_test_main.cpp takes --dump-shaders as well).
# usage: shader_programs.sh GLSLANG DICER DICER_BENCH SHADER_DIR OUTDIR [GLTEST...]
#   GLTEST: a GL test executable and its --gtest_filter, joined by '=': /path/hp_bits_gltest=HpBits.Rank*
# A missing glslangValidator skips with status 77 ("SKIP: missing tool", which scripts/test.sh fails under
# CI=true): scripts/setup.sh installs it (glslang-tools).
set -uo pipefail
glslang=$1 dicer=$2 bench=$3 shader_dir=$4 out=$5
shift 5
gltests=("$@")

if ! command -v "$glslang" >/dev/null 2>&1; then
    echo "SKIP: missing tool: glslangValidator (Debian package glslang-tools; scripts/setup.sh installs it)"
    exit 77
fi
rm -rf "$out"
mkdir -p "$out"
export DICER_CONFIG_DIR= # set but empty: the demo never reads or writes the real ~/.config/dicer/imgui.ini

# Most parts build all their programs when created (the demo every method row it offers, each paper variant
# both storages and build paths, the voxelizer every method and output), so few runs cover everything; the
# settings still differ between the runs, so that a part that builds a variant only on demand is reached.
small=(--offscreen --frames 2 --window 160x120 --preset 64 --no-ui)
# The demo's defaults: the bits output, hp_bits, model colours through the rank (the slot programs).
demo_bits=("$dicer" "${small[@]}" --color model)
# The sparse output with model colours: hp_sparse's rank linked into the slot programs.
demo_sparse=("$dicer" "${small[@]}" --voxels sparse --color model)
# The atlas output, a paper variant in float32 and the fragment build path; sorted blending, solid.
demo_atlas=("$dicer" "${small[@]}" --method dicer_vec4 --storage float32 --build-path fragment
    --particles sorted --mode solid)
# The X-ray panel (made only when shown, never with --no-ui): hp_bits' levels and its traversal's path record,
# and marching cubes' path record (the surface shown).
demo_xray=("$dicer" --offscreen --frames 2 --window 640x400 --preset 64 --view points,surface,xray --xray 5)
# Every method row over an atlas (the peers, the CPU paths, the GPU-resident list), every storage and build
# path; the copy and read passes, the atlas -> bits conversion.
bench_methods=("$bench" --quick --preset paper-64 --storage both --build-path both --reps 1 --warmup 0)
# Every sorter (dicer's sorted blending uses only the HP counting sort).
bench_sorts=("$bench" --sort --quick --sort-n 10 --sort-m 4 --reps 1 --warmup 0 --sort-plot "$out/sort.png")

failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}

# --- the runs ------------------------------------------------------------------------------------------------
start=$SECONDS
n=0
run_one() { # run_one LABEL COMMAND...: the command with --dump-shaders OUTDIR/run<n> appended
    local label=$1 dump="$out/run$n" rc=0
    shift
    "$@" --dump-shaders "$dump" >"$dump.log" 2>&1 || rc=$?
    if [ $rc -ne 0 ]; then
        fail "run$n ($label) exited with status $rc:"
        tail -20 "$dump.log" | sed 's/^/    /'
    elif [ ! -s "$dump/programs.tsv" ]; then
        fail "run$n ($label) wrote no $dump/programs.tsv"
    fi
    n=$((n + 1))
}
for r in demo_bits demo_sparse demo_atlas demo_xray bench_methods bench_sorts; do
    declare -n cmd=$r
    run_one "$(basename "${cmd[0]}") ${cmd[*]:1}" "${cmd[@]}"
done
for t in "${gltests[@]}"; do
    exe=${t%%=*} filter=${t#*=}
    run_one "$(basename "$exe") --gtest_filter=$filter" "$exe" --gtest_filter="$filter"
done
echo "runs: $n in $((SECONDS - start)) s"

# --- every distinct program through glslangValidator ----------------------------------------------------------
# One line per program of every run: its folder, name, defines and objects (the manifest's columns 1-6).
programs=$(for m in "$out"/run*/programs.tsv; do
    [ -f "$m" ] || continue
    awk -F'\t' -v dir="$(dirname "$m")" '
        /^#/ { next }
        $1 != prog { if (prog != "") print line; prog = $1; line = dir "\t" $2 "\t" $6 "\t" $3; next }
        { line = line " " $3 }
        END { if (prog != "") print line }' "$m"
done)
start=$SECONDS
declare -A sum seen
while read -r hash path; do sum[$path]=$hash; done < <(sha1sum "$out"/run*/p*.glsl)
results="$out/glslang"
mkdir -p "$results"
unique=() duplicates=0 cores=$(nproc)
while IFS=$'\t' read -r dir name defines objects; do
    [ -n "$dir" ] || continue
    # The same text in another run (or under another name) is the same program: compiled once.
    key=""
    for o in $objects; do key+="${o#*.}:${sum[$dir/$o]} "; done
    if [ -n "${seen[$key]:-}" ]; then
        duplicates=$((duplicates + 1))
        continue
    fi
    seen[$key]=1
    i=${#unique[@]}
    unique+=("$dir"$'\t'"$name"$'\t'"$defines"$'\t'"$objects")
    # glslangValidator spends most of its ~0.1 s per call setting up: one call per core at a time.
    (
        cd "$dir" || exit
        rc=0
        "$glslang" -l $objects </dev/null >"$results/$i.out" 2>&1 || rc=$?
        echo $rc >"$results/$i.rc"
    ) &
    while [ "$(jobs -rp | wc -l)" -ge "$cores" ]; do wait -n; done
done <<<"$programs"
wait
for i in "${!unique[@]}"; do
    IFS=$'\t' read -r dir name defines objects <<<"${unique[$i]}"
    rc=$(cat "$results/$i.rc" 2>/dev/null || echo "none")
    # glslang prints each object's name, then its messages as "ERROR: <file id>:<line>: ..."; the id is the
    # object's #line file id: its manifest row names the file (sources column, in id order).
    messages=$(awk -F'\t' '
        FNR == NR { if ($0 !~ /^#/) sources[$3] = $7; next }
        $0 in sources { object = $0; next }
        $0 == "" { next }
        {
            line = $0
            if (match(line, /^(ERROR|WARNING): [0-9]+:[0-9]+:/)) {
                split(substr(line, 1, RLENGTH - 1), parts, /[: ]+/)
                split(sources[object], files, ",")
                file = files[parts[2] + 1]
                if (file == "") file = object " (string " parts[2] ")"
                line = parts[1] ": " file ":" parts[3] ":" substr(line, RLENGTH + 1)
            }
            print "    " line
        }' "$dir/programs.tsv" "$results/$i.out")
    if [ "$rc" != 0 ] || grep -q 'WARNING' <<<"$messages"; then
        fail "program '$name' (defines: $defines; $dir: $objects): glslangValidator status $rc"
        echo "$messages"
    fi
done
echo "glslangValidator: ${#unique[@]} distinct programs compiled and linked ($duplicates repeats skipped)" \
    "in $((SECONDS - start)) s"

# --- coverage: every shader file is a source of some compiled program -----------------------------------------
covered=$(for m in "$out"/run*/programs.tsv; do awk -F'\t' '!/^#/ { print $7 }' "$m" 2>/dev/null; done |
    tr ',' '\n' | sort -u)
required=$(
    cd "$shader_dir" || exit 1
    # Every folder's shaders, by name (names are unique across the folders: engine/gl/shader.cpp).
    find . -name '*.glsl' -printf '%f\n'
    # The C++/GLSL headers a shader includes (the others are C++ only).
    find . -name '*.glsl' -exec sed -n 's/^[[:space:]]*#include[[:space:]]*"\([^"]*\.h\)".*/\1/p' {} + | sort -u
)
missing=$(comm -23 <(sort -u <<<"$required") <(sort -u <<<"$covered"))
if [ -n "$missing" ]; then
    fail "shader files that no program compiled (build them in a run of tests/shader_programs.sh):"
    sed 's/^/    /' <<<"$missing"
fi
echo "coverage: $(sort -u <<<"$required" | wc -l) shader files, $(comm -12 <(sort -u <<<"$required") \
    <(sort -u <<<"$covered") | wc -l) compiled"

if [ $failed -ne 0 ]; then
    echo "shader_programs: FAILED"
    exit 1
fi
echo "shader_programs: PASS"
