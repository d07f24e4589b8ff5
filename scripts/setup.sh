#!/usr/bin/env bash
# Installs the Debian 12 packages Dicer needs, only those that are missing (idempotent, safe to re-run).
# Run as root (CI is root); as another user it uses sudo if available.
set -euo pipefail

packages=(
    build-essential cmake pkg-config git         # toolchain
    libglfw3-dev libimgui-dev libstb-dev         # window demo + UI + image I/O
    libglm-dev libtinyobjloader-dev              # maths + OBJ loading
    libtinygltf-dev nlohmann-json3-dev           # glTF loading (tinygltf's header, compiled in the model wing)
    zlib1g-dev                                   # PNG streams inflated under a cap before stb_image
    python3-glad                                 # generates the GL 4.5 + EGL loader at configure time
    python3-matplotlib                           # dicer-bench's plots (scripts/plot_bench.py)
    libegl-dev libgl1-mesa-dri libegl-mesa0      # headless EGL, Mesa llvmpipe for machines without a GPU
    libgtest-dev googletest                      # tests
    xvfb xauth                                   # window tests without a display
    clang-14 libclang-rt-14-dev                  # scripts/fuzz.sh: libFuzzer (libclang_rt.fuzzer-x86_64.a)
    glslang-tools                                # glslangValidator: every shader program through the
                                                 # reference compiler (tests/shader_programs.sh)
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all ${#packages[@]} packages present"
    exit 0
fi

echo "setup: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
