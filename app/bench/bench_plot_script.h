// dicer-bench's plots (--plot, --sort-plot, --mc-plot) are drawn by matplotlib: after the run, the report goes to a temporary
// CSV (the same rows as --csv) and `python3 scripts/plot_bench.py TABLE CSV PNG` draws the plot of that table. A
// Python script, not C++: a plotting library gives labelled log axes, a legend clear of the data and real fonts
// (the hand-drawn PNG writer before it had none of these), and the committed docs/bench/*.png are redrawn from
// the committed CSVs by the same script.
#pragma once

#include "bench_options.h"
#include "bench_report.h"
#include "result.h"

#include <filesystem>
#include <optional>
#include <string>

namespace dicer::bench {

// The plot a run asks for: the CSV table it draws (Measurement::table, plot_bench.py's kind) and the PNG.
struct PlotJob {
    std::string table;
    std::string png; // --sort: also the plot against m, "-m" inserted before ".png"
};

// --scaling: kTableScaling into --plot (with --voxels: kTableVoxelScaling), --sort: kTableSort into --sort-plot,
// --mc: kTableMc into --mc-plot;
// none for the other runs, where the file is "none" (empty), or where the report has no row of the table (every
// volume skipped). "auto" becomes defaultPlotFolder()/dicer-<table>.png.
std::optional<PlotJob> plotJob(const Options& options, const Report& report);

// Where "auto" plots go: plots/ in the build folder (the parent of the executable's bin/), created if missing.
std::filesystem::path defaultPlotFolder();

// The interpreter: $DICER_PYTHON, else /usr/bin/python3 — Debian's, the one python3-matplotlib installs into
// (a python3 earlier on PATH, such as a pyenv or venv one, may not have matplotlib).
std::string plotPython();

// plot_bench.py: in $DICER_SCRIPT_DIR, else <executable dir>/scripts (the build copies it there), else the
// source tree's scripts/ — the look-up of the shaders (gl::shaderDirectory()).
std::filesystem::path plotScript();

// Draws the job's plot from the report's rows of its table; the script names each file it wrote on stdout. Errors (no Python, no script, no matplotlib, a
// write error) are one message; the script's own line says what it could not do.
Result<void> drawPlot(const PlotJob& job, const Report& report);

} // namespace dicer::bench
