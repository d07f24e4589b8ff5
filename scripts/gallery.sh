#!/usr/bin/env bash
# Makes every picture of the README from the current build: the hero and each tour entry, one scripted offscreen
# run of dicer each (`--offscreen --frames N --screenshot FILE`, the default panel layout), re-encoded losslessly
# by scripts/png_optimize.py into docs/images/. Each shot's arguments are the README's tour command plus what a
# scripted run needs (frames, window size, --no-ui where the subject is the point). Not run by CI: the pictures are
# committed; run it after a change that shows, and look at every picture before committing it.
#
# usage: scripts/gallery.sh [build/release/bin] [NAME ...]   (NAME: only those shots, e.g. hero tour-spot-sorted)
# About 2 min on 2 llvmpipe cores (most of it png_optimize.py, pure Python); the committed PNGs stay under 3 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=build/release/bin
if [ $# -gt 0 ] && [ -d "$1" ]; then bin=$1; shift; fi
dicer="$bin/dicer"
[ -x "$dicer" ] || { echo "gallery.sh: no $dicer: build first (cmake --build --preset release)" >&2; exit 1; }
out=docs/images
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export DICER_CONFIG_DIR= # the default layout, nothing remembered from an interactive run
mkdir -p "$out"
start=$SECONDS

# shot NAME FRAMES WxH [dicer arguments...]
shot() {
    local name=$1 frames=$2 size=$3
    shift 3
    known+=("$name")
    if [ ${#only[@]} -gt 0 ] && [[ " ${only[*]} " != *" $name "* ]]; then return; fi
    local t0=$SECONDS
    if ! "$dicer" --offscreen --frames "$frames" --window "$size" --screenshot "$tmp/$name.png" "$@" \
        > "$tmp/$name.log" 2>&1; then
        echo "gallery.sh: $name failed: $dicer $*" >&2
        tail -5 "$tmp/$name.log" >&2
        exit 1
    fi
    /usr/bin/python3 scripts/png_optimize.py "$tmp/$name.png" "$out/$name.png" > /dev/null
    printf '%-20s %4d KB  %3d s  %s\n' "$name.png" $(( $(stat -c %s "$out/$name.png") / 1024 )) $((SECONDS - t0)) \
        "$(grep -m1 -o '| [0-9]* points' "$tmp/$name.log" || true)"
}
only=("$@")
known=()

ct=assets/volumes/headsq/quarter.nhdr
# The hero: the heart (HeartBreaker) the frame it explodes, with the panels: Pipeline, Timings, atlas, list.
shot hero 11 1280x800 --model heart --explode-at 10
# The tour, in the README's order.
shot tour-teapot 36 800x500 --no-ui --explode-at 30
shot tour-dicer-vec4 10 1280x800 --method dicer_vec4 --preset 64
shot tour-spot-sorted 10 800x500 --no-ui --model assets/models/spot/spot_triangulated.obj --particles sorted \
    --color model
shot tour-ct-skull 5 800x500 --no-ui --volume "$ct" --band 1150,4000 --view surface
shot tour-ct-explode 33 800x500 --no-ui --volume "$ct" --explode-at 30
shot tour-ct-shatter 32 800x500 --no-ui --volume "$ct" --view surface --explode-at 30
shot tour-mr-head 10 1280x800 --volume assets/volumes/head_mr/HeadMRVolume.mhd
shot tour-4096 3 1280x800 --preset 4096 --view points,list --warmup 1
shot tour-gltf 5 800x500 --no-ui --model tests/data/gltf/two_nodes.gltf --color model
# The X-ray (docs/XRAY.md): a picture per pyramid family, each following one output down it.
shot xray-compute 4 1280x800 --volume "$ct" --view points,atlas,xray --xray 70000
shot xray-paper 4 1280x800 --method dicer_vec4 --preset 64 --view points,atlas,xray --xray 2000
shot xray-sparse 4 1280x800 --preset 256 --voxels sparse --view points,atlas,xray --xray 30000
shot xray-expansion 4 1280x800 --volume "$ct" --band 1150,4000 --view surface,xray --xray 5000
shot xray-sort 4 1280x800 --particles sorted --view points,xray --xray-pyramid depth-order --xray 3000

for name in "${only[@]}"; do # a misspelt name would otherwise make nothing and look like success
    [[ " ${known[*]} " == *" $name "* ]] || { echo "gallery.sh: no shot '$name' (${known[*]})" >&2; exit 1; }
done
echo "gallery.sh: $((SECONDS - start)) s; $(du -cb "$out"/*.png | tail -1 | cut -f1) bytes of PNG in $out"
