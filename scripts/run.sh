#!/usr/bin/env bash
# Builds Dicer and starts the desktop demo (a window: Dicer + HeartBreaker on the built-in teapot).
# Extra arguments go to the program (`bash scripts/run.sh --help`). Without a display, run the headless
# benchmark instead: build/release/bin/dicer-bench.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh release
exec build/release/bin/dicer "$@"
