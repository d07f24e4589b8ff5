#!/usr/bin/env bash
# On the GPU server (run from the checkout's root there): unpacks what scripts/gpu_pack.sh packed, makes the
# NVIDIA EGL vendor library findable, and runs scripts/gpu_check.sh over the carried build, its outputs in
# docs/bench (and a copy as one archive under $OUT when that is set, for a tool that brings back few files).
# GL loader packages (libegl1, libglvnd0, ...) that the server lacks may be carried as .deb files in .gl/.
#
# usage: scripts/gpu_remote.sh [ARCHIVE] [-- gpu_check.sh arguments]   (default .dev/prebuilt.tar.xz;
#        arguments default: --step-timeout 150)
set -uo pipefail
cd "$(dirname "$0")/.."
archive=.dev/prebuilt.tar.xz
if [ $# -gt 0 ] && [ "$1" != -- ]; then archive=$1; shift; fi
[ "${1:-}" = -- ] && shift
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--step-timeout 150)
for deb in .gl/*.deb; do [ -f "$deb" ] && dpkg -x "$deb" /; done
command -v ldconfig >/dev/null && ldconfig
vendor=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
[ -f "$vendor" ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
mkdir -p build/carried && tar xJf "$archive" -C build/carried || exit 1
# The test programs hold the checkout's absolute paths from where they were built (assets, tests/data): a link
# from there to this checkout where that path is free.
built_in=$(cat build/carried/source_dir.txt 2>/dev/null || true)
if [ -n "$built_in" ] && [ "$PWD" != "$built_in" ] && [ ! -e "$built_in" ]; then
    mkdir -p "$(dirname "$built_in")" && ln -s "$PWD" "$built_in"
fi
export LD_LIBRARY_PATH=$PWD/build/carried/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} DICER_PYTHON=${DICER_PYTHON:-$(command -v python3)}
bash scripts/gpu_check.sh --no-build --build-dir build/carried "${args[@]}"
rc=$?
[ -n "${OUT:-}" ] && tar czf "$OUT/bench.tar.gz" docs/bench
exit $rc
