#!/usr/bin/env bash
# Installs what is missing, configures and builds one preset (default: release). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
bash scripts/setup.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j"$(nproc)"
