#!/usr/bin/env bash
# Builds everything and runs every test (CPU tests, headless-EGL GL tests, window tests under xvfb-run).
# Works with no GPU and no display: GL tests use Mesa llvmpipe through EGL.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
bash scripts/build.sh "$preset"
ctest --preset "$preset" -j"$(nproc)" --timeout 900
