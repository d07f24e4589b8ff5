#!/usr/bin/env python3
"""The plots of a dicer-bench run, drawn by matplotlib from the run's CSV (`dicer-bench --csv FILE`).

usage: scripts/plot_bench.py scaling|voxel-scaling|sort|mc CSV PNG

  scaling        (dicer-bench --scaling) time of build + list per method against the volume, side^3 voxels
  voxel-scaling  (dicer-bench --scaling --voxels) cost against the points: per voxelizer output and method, ns per
                 point of the frame (voxelize + build + list, solid) and of voxelize + build (dashed) against
                 the active points (the list's length) of each volume
  sort           (dicer-bench --sort) ns per key against n (uniform keys, m = 2^8 or the sweep's middle m) into
                 PNG, and against m (uniform keys, the largest n) into PNG with "-m" before ".png"
  mc             (dicer-bench --mc) marching cubes: count + build + expand (the "total" stage) per method
                 against the volume's cells, each volume labelled by its name

The kind is the CSV's `table` column: only those rows are plotted (every line is checked; "skipped" rows, a
volume an output cannot hold, have no numbers and are left out). dicer-bench --plot /
--sort-plot / --mc-plot run this script with /usr/bin/python3 (Debian's, which has python3-matplotlib); docs/bench/*.png are
drawn by it from the committed CSVs. Each file written is named on stdout ("plot: PNG").
Exit status: 0 the plot(s) written; 1 an unreadable or malformed CSV, no rows to plot, no matplotlib, or a write
error (one line on stderr); 2 bad arguments.
"""
import argparse
import csv
import io
import math
import sys
from dataclasses import dataclass

# The columns read (dicer-bench's CSV has more; older committed CSVs lack the read-floor ones, which no plot uses).
REQUIRED = ("table", "method", "stage", "input", "cells", "active_cells", "median_ms", "renderer")
TITLE_SIZE, LABEL_SIZE, TEXT_SIZE = 12, 11, 9  # the only font sizes: title, axis labels, ticks and legend


class PlotError(Exception):
    """A bad input or a failed write: reported as one line, exit status 1."""


@dataclass
class Row:
    method: str
    stage: str
    input: str
    cells: int
    active: int
    median_ms: float
    timer: str
    renderer: str


@dataclass
class Series:
    name: str
    points: list  # (x, y), both > 0: a log axis has no place for 0 (an unmeasured cell)
    style: str = "-"
    color: str = ""  # "": the series' own (C0, C1, ... in order); else shared, e.g. by the stages of one output


@dataclass
class Plot:
    title: str
    xlabel: str
    ylabel: str
    series: list
    xticks: dict  # x value -> its label (the volumes as side³, the sort sizes as 2^k)
    legend: str
    xrotation: int = 0  # degrees: names as labels (mc) may lie close together on a log axis


def parse_number(path, line, column, text, kind):
    try:
        value = kind(text)
    except ValueError:
        raise PlotError(f"{path}:{line}: {column} '{text}' is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise PlotError(f"{path}:{line}: {column} '{text}' is not a finite number >= 0")
    return value


def read_rows(path, table):
    """The rows of `table` in CSV order; every line is checked, not only those rows."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            lines = list(csv.reader(f, strict=True))
    except OSError as e:
        raise PlotError(f"cannot read CSV '{path}': {e.strerror}") from None
    except UnicodeDecodeError:
        raise PlotError(f"'{path}' is not UTF-8 text, not a dicer-bench CSV") from None
    except csv.Error as e:
        raise PlotError(f"'{path}' is not a well-formed CSV: {e}") from None
    if not lines:
        raise PlotError(f"'{path}' is empty, not a dicer-bench CSV")
    header = lines[0]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise PlotError(f"'{path}' has no column {', '.join(missing)}: not a dicer-bench --csv file")
    col = {name: i for i, name in enumerate(header)}
    rows = []
    for line, fields in enumerate(lines[1:], start=2):
        if len(fields) != len(header):
            raise PlotError(f"{path}:{line}: {len(fields)} fields, the header has {len(header)}")
        cells = parse_number(path, line, "cells", fields[col["cells"]], int)
        active = parse_number(path, line, "active_cells", fields[col["active_cells"]], int)
        median = parse_number(path, line, "median_ms", fields[col["median_ms"]], float)
        if fields[col["table"]] != table or fields[col["stage"]] == "skipped":
            continue
        timer = fields[col["timer"]] if "timer" in col else ""
        rows.append(Row(fields[col["method"]], fields[col["stage"]], fields[col["input"]], cells, active, median,
                        timer, fields[col["renderer"]]))
    if not rows:
        raise PlotError(f"'{path}' has no '{table}' rows to plot (dicer-bench {TABLE_OPTIONS[table]} --csv)")
    return rows


def add_point(series, name, x, y, style="-", color=""):
    s = next((s for s in series if s.name == name), None)
    if s is None:
        s = Series(name, [], style, color)
        series.append(s)
    if x > 0 and y > 0:
        s.points.append((x, y))


def subtitle(rows):
    """The renderer and the timers: every number of the plot was taken there, that way."""
    renderers = sorted({r.renderer for r in rows})
    timers = sorted({r.timer for r in rows if r.timer})
    text = "renderer: " + "; ".join(renderers)
    return text + (f" · timer: {', '.join(timers)}" if timers else "")


def volume_ticks(rows):
    return {r.cells: r.input for r in rows}  # "64³": the bench's own label of the volume


def power_label(v):
    e = round(math.log2(v))
    return f"$2^{{{e}}}$" if 2**e == v else f"{v:g}"  # mathtext: a raised exponent


def plot_scaling(rows):
    """--scaling: one curve per method, its build + list (the "total" stage) against the volume."""
    series = []
    for r in rows:
        if r.stage == "total":
            add_point(series, r.method, r.cells, r.median_ms)
    return Plot("dicer-bench --scaling: atlas → point list (build + list)\n" + subtitle(rows),
                "volume (voxels, side³)", "time (ms, median)", series, volume_ticks(rows), "method")


def voxel_output(method):
    # every bits row names it (hp_bits, "compute → bits", bits), every sparse row too (hp_sparse, ..., sparse)
    return "sparse" if "sparse" in method else "bits" if "bits" in method else "atlas"


def count_label(n):
    for unit, scale in (("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.3g} {unit}"
    return f"{n}"


def plot_voxel_scaling(rows):
    """--scaling --voxels: cost against the points. Per output and method (one colour each), ns per point of the
    frame (solid) and of voxelize + build (dashed, the sum of the two medians: the stages whose cost the sparse
    occupancy aims to keep flat per point), against the volume's active points; every output of a volume lists
    the same points."""
    series = []
    colors = {}  # (output, method) -> its colour, shared by its two lines
    voxelize = {(voxel_output(r.method), r.input): r.median_ms for r in rows if r.stage == "voxelize"}
    for r in rows:
        if r.stage not in ("frame", "build") or r.active == 0:
            continue
        out = voxel_output(r.method)
        color = colors.setdefault((out, r.method), f"C{len(colors) % 10}")
        if r.stage == "frame":
            add_point(series, f"{out} ({r.method}): frame", r.active, r.median_ms * 1e6 / r.active, "-", color)
        elif (out, r.input) in voxelize:
            ms = voxelize[(out, r.input)] + r.median_ms
            add_point(series, f"{out} ({r.method}): voxelize + build", r.active, ms * 1e6 / r.active, "--", color)
    ticks = {r.active: f"{r.input}\n{count_label(r.active)}" for r in rows if r.active > 0}
    return Plot("dicer-bench --scaling --voxels: cost per point, per output\n" + subtitle(rows),
                "active points (the list's length; volume side³ above)", "time per point (ns, median)", series,
                ticks, "output (method): stages (frame = voxelize + build + list)")


@dataclass
class SortRow:
    row: Row
    n: int
    m: int
    distribution: str


def sort_rows(rows):
    out = []
    for r in rows:
        distribution = r.input.rsplit(", ", 1)[-1]  # "n 2^10, m 2^4, uniform"
        if r.cells == 0 or distribution not in ("uniform", "skewed"):
            raise PlotError(f"sort row '{r.method}' '{r.input}': not 'n 2^a, m 2^b, uniform|skewed' with n > 0")
        out.append(SortRow(r, r.cells, r.active, distribution))
    return out


def sort_curves(rows, keep, x_of):
    series = []
    for s in rows:
        if s.distribution == "uniform" and keep(s):
            style = "--" if s.row.method.startswith("cpu") else "-"  # the CPU sorts apart from the GPU ones
            add_point(series, s.row.method, x_of(s), s.row.median_ms * 1e6 / s.n, style)
    return series


def sort_plot_m(rows):
    """The m of the plot against n: 2^8 where the sweep has it, else the sweep's middle m (as dicer-bench chose)."""
    ms = list(dict.fromkeys(s.m for s in rows))  # in the sweep's order
    return 256 if 256 in ms else ms[len(ms) // 2]


def plot_sort_by_n(rows):
    """--sort: ns per key against the key count n, uniform keys at one key range m."""
    sorts = sort_rows(rows)
    m = sort_plot_m(sorts)
    series = sort_curves(sorts, lambda s: s.m == m, lambda s: s.n)
    ticks = {s.n: power_label(s.n) for s in sorts}
    return Plot(f"dicer-bench --sort: uniform keys in [0, m), m = {power_label(m)}\n" + subtitle(rows),
                "keys n", "time per key (ns, median)", series, ticks, "sort (dashed: CPU)")


def plot_sort_by_m(rows):
    """--sort: ns per key against the key range m, uniform keys at the largest n."""
    sorts = sort_rows(rows)
    n = max(s.n for s in sorts)
    series = sort_curves(sorts, lambda s: s.n == n, lambda s: s.m)
    ticks = {s.m: power_label(s.m) for s in sorts}
    return Plot(f"dicer-bench --sort: n = {power_label(n)} uniform keys\n" + subtitle(rows),
                "key range m", "time per key (ns, median)", series, ticks, "sort (dashed: CPU)")


def plot_mc(rows):
    """--mc: one curve per method, count + build + expand (the "total" stage) against the volume's cells."""
    series = []
    ticks = {}
    for r in rows:
        if r.stage == "total":
            add_point(series, r.method, r.cells, r.median_ms)
            # "metaballs:64 [32767.5, 65535]": the volume's name, the band left to the table
            ticks.setdefault(r.cells, r.input.split(" [", 1)[0])
    return Plot("dicer-bench --mc: marching cubes, count + build + expand\n" + subtitle(rows),
                "volume (cells)", "time (ms, median)", series, ticks, "method", xrotation=30)


def by_m_path(png):
    at = png.rfind(".png")  # the name dicer-bench has always given the second sort plot
    return png + "-m" if at < 0 else png[:at] + "-m" + png[at:]


TABLE_OPTIONS = {"scaling": "--scaling", "voxel-scaling": "--scaling --voxels", "sort": "--sort", "mc": "--mc"}
PLOTS = {  # kind -> (plot function, output path from PNG) per file written
    "scaling": [(plot_scaling, lambda png: png)],
    "voxel-scaling": [(plot_voxel_scaling, lambda png: png)],
    "sort": [(plot_sort_by_n, lambda png: png), (plot_sort_by_m, by_m_path)],
    "mc": [(plot_mc, lambda png: png)],
}


def load_matplotlib():
    try:
        import matplotlib
        matplotlib.use("Agg")  # files only: no display, no GUI toolkit
        import matplotlib.pyplot as plt
        from matplotlib import ticker
    except ImportError as e:
        raise PlotError(f"matplotlib is missing for {sys.executable} ({e}): install python3-matplotlib "
                        "(Debian 12: scripts/setup.sh) and run the script with /usr/bin/python3") from None
    return plt, ticker


def log_axis(values):
    """Log scale where the data spans a decade or more (the volumes, the sort sweeps, most times), else linear."""
    return len(values) > 1 and max(values) >= 10 * min(values)


def draw(plot, png, plt, ticker):
    curves = [s for s in plot.series if s.points]
    if not curves:
        raise PlotError(f"no positive values to plot for '{png}'")
    xs = sorted({x for s in curves for x, _ in s.points})
    ys = [y for s in curves for _, y in s.points]
    with plt.rc_context({"font.size": TEXT_SIZE, "axes.titlesize": TITLE_SIZE, "axes.labelsize": LABEL_SIZE,
                         "legend.title_fontsize": TEXT_SIZE}):
        fig, ax = plt.subplots(figsize=(9.0, 5.0), dpi=100)
        markers = "osD^vP<X>*"
        for i, s in enumerate(curves):
            px, py = zip(*sorted(s.points))
            ax.plot(px, py, s.style, marker=markers[i % len(markers)], markersize=4.5, linewidth=1.6,
                    label=s.name, color=s.color or f"C{i % 10}")
        if log_axis(xs):
            ax.set_xscale("log")
        if log_axis(ys):
            ax.set_yscale("log")
            span = max(ys) / min(ys)
            # Under three decades 1-2-5 ticks, so a short log axis still has several labelled values.
            ax.yaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0) if span < 1000 else (1.0,)))
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))  # 0.01, 1, 1000: no 10^k
        labelled = [x for x in xs if x in plot.xticks]
        step = max(1, math.ceil(len(labelled) / 10))  # at most ~10 labels: a long sweep's would overlap
        ax.set_xticks(labelled[::step], [plot.xticks[x] for x in labelled[::step]], rotation=plot.xrotation,
                      ha="right" if plot.xrotation else "center")
        ax.xaxis.set_minor_locator(ticker.NullLocator())
        ax.grid(True, which="major", color="0.88", linewidth=0.8)
        ax.set_axisbelow(True)
        ax.set_title(plot.title, loc="left")
        ax.set_xlabel(plot.xlabel + (", log scale" if log_axis(xs) else ""))
        ax.set_ylabel(plot.ylabel + (", log scale" if log_axis(ys) else ""))
        # Outside the axes, right of them: the legend can never cover a curve, however the data lie.
        ax.legend(title=plot.legend, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0,
                  frameon=False, alignment="left")
        image = io.BytesIO()
        # No "Software" entry (matplotlib's version): the bytes depend on the data and the drawing alone.
        fig.savefig(image, format="png", bbox_inches="tight", pad_inches=0.15, metadata={"Software": None})
        plt.close(fig)
    try:
        with open(png, "wb") as f:  # closing flushes: a full disk is reported here, not lost
            f.write(image.getvalue())
    except OSError as e:
        raise PlotError(f"cannot write plot '{png}': {e.strerror}") from None
    print(f"plot: {png}")


def main(argv):
    parser = argparse.ArgumentParser(prog="plot_bench.py", description=__doc__.split("\n")[0])
    parser.add_argument("kind", choices=sorted(PLOTS), help="the table to plot (the CSV's table column)")
    parser.add_argument("csv", help="a dicer-bench --csv file")
    parser.add_argument("png", help="the plot to write (sort: also PNG with -m before .png)")
    args = parser.parse_args(argv)
    try:
        rows = read_rows(args.csv, args.kind)
        plots = [(make(rows), path(args.png)) for make, path in PLOTS[args.kind]]
        plt, ticker = load_matplotlib()
        for plot, png in plots:
            draw(plot, png, plt, ticker)
    except PlotError as e:
        print(f"plot_bench.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
