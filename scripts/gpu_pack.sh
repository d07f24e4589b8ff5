#!/usr/bin/env bash
# Packs a release build for a GPU server that has a driver but no compilers or Debian packages (the lent
# NVIDIA machines): build/release/bin's programs (dicer, dicer-bench, every *_gltest, stripped), shaders/ and
# assets/, and the shared libraries they need that such a server may lack (GLFW, stb, tinyobjloader, X11's;
# never libc, libstdc++ or the GL/EGL libraries, which the server's driver provides), into one archive.
# There, scripts/gpu_remote.sh unpacks it and runs scripts/gpu_check.sh over it.
#
# usage: scripts/gpu_pack.sh [ARCHIVE]   (default .dev/prebuilt.tar.xz; build first: cmake --build --preset release)
set -euo pipefail
cd "$(dirname "$0")/.."
archive=${1:-.dev/prebuilt.tar.xz}
bin=build/release/bin
[ -x "$bin/dicer-bench" ] || { echo "gpu_pack: no $bin/dicer-bench: build the release preset first" >&2; exit 1; }
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib" "$(dirname "$archive")"
cp -a "$bin/shaders" "$bin/assets" "$stage/bin/"
programs=("$bin/dicer-bench" "$bin"/*_gltest)
[ -x "$bin/dicer" ] && programs+=("$bin/dicer")
cp "${programs[@]}" "$stage/bin/"
strip "$stage"/bin/dicer* "$stage"/bin/*_gltest
# The libraries ldd resolves, less the C/C++ runtime and anything GL (the driver's own).
ldd "${programs[@]}" | awk '/=> \// {print $3}' | sort -u |
    grep -vE '/(libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+|ld-linux[^/]*|libGL[^/]*|libEGL[^/]*|libOpenGL|libGLX[^/]*|libGLdispatch)\.so' |
    while read -r lib; do cp -L "$lib" "$stage/lib/"; done
pwd >"$stage/source_dir.txt" # the tests' compiled-in paths (assets, tests/data) start there
tar cJf "$archive" -C "$stage" .
echo "gpu_pack: $archive ($(du -h "$archive" | cut -f1)): $(ls "$stage/bin" | wc -l) entries in bin/, $(ls "$stage/lib" | tr '\n' ' ')"
