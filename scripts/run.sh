#!/usr/bin/env bash
# Builds Dicer and runs the main job. Extra arguments go to the program.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh release
exec build/release/bin/dicer-bench "$@"
