#!/usr/bin/python3
"""Our GPU pipeline on llvmpipe beside the CPU tools a user without a GPU would pick instead, same inputs, one run.

  /usr/bin/python3 scripts/cpu_peers.py [--bench build/release/bin/dicer-bench] [--rounds 3] [--quick]
                                        [--plot docs/images/cpu-peers.png] [--markdown FILE]

Marching cubes: `dicer-bench --mc` (hp_mc: count, build, expand) against VTK's vtkFlyingEdges3D and
vtkMarchingCubes (VTK's SMP backend on every core) and scikit-image's marching_cubes (Lewiner), on the same bytes
(the committed scans as files; smooth blobs generated here and written as NRRD, so the bench reads what the peers
get; a stand-in for a 500x470x136 8-bit scan, the CT head resampled onto that grid, written likewise) and the same
level: our band [lo, max] is the surface at lo - 0.5 for integer data. Ours' time per triangle is printed beside.
Compaction: `dicer-bench --scaling --voxels bits` (hp_bits: build + list of the teapot's shell voxelized into N^3
occupancy bits) against numpy's flatnonzero over an N^3 boolean mask with as many set entries.
Voxelization: the same bench's voxelize stage (compute method into N^3 bits) of a mesh file (--mesh; default the
committed spot), solid against VTK's vtkPolyDataToImageStencil and shell against OpenVDB's narrow-band level set
(createLevelSetFromPolygons, half width 1: the voxels the surface touches and their neighbours), the mesh fitted
to the same box (its longest side N voxels) at the same voxel size; each reports the voxels it set.

Interleaved: every round runs every configuration once (ours: the bench's own medians of its repetitions after
warm-up; the peers: medians of theirs after one warm-up); the tables give each configuration's median over the
rounds and the ratio ours / the peer, and name the stage of ours that sets it. The CPU is named; times from other
machines do not compare. Needs Debian's python3-vtk9 and python3-skimage (apt-get install ...): not the tests'.
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip() + f", {os.cpu_count()} cores"
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


# --- volumes ------------------------------------------------------------------------------------------------

def read_nrrd(path):
    """The committed CT head's detached NRRD header: sizes, type, its slice files (x fastest)."""
    fields = {}
    for line in open(path):
        if ":" in line:
            k, v = line.split(":", 1)
            fields[k.strip()] = v.strip()
    sizes = [int(s) for s in fields["sizes"].split()]
    dtype = {"short": "<i2", "ushort": "<u2", "uchar": "u1"}[fields["type"]]
    pattern, first, last, step = fields["data file"].split()
    folder = os.path.dirname(path)
    slices = [np.fromfile(os.path.join(folder, pattern % i), dtype=dtype)
              for i in range(int(first), int(last) + 1, int(step))]
    return np.concatenate(slices).reshape(sizes[2], sizes[1], sizes[0])


def read_mhd(path):
    fields = dict((k.strip(), v.strip()) for k, v in (l.split("=", 1) for l in open(path) if "=" in l))
    sizes = [int(s) for s in fields["DimSize"].split()]
    dtype = {"MET_UCHAR": "u1", "MET_SHORT": "<i2", "MET_USHORT": "<u2"}[fields["ElementType"]]
    data = np.fromfile(os.path.join(os.path.dirname(path), fields["ElementDataFile"]), dtype=dtype)
    return data.reshape(sizes[2], sizes[1], sizes[0])


def blobs(n, seed=7):
    """Smooth blobs: a sum of 24 Gaussians, as uint16 (1.0 -> 20000), built a slab at a time."""
    rng = np.random.default_rng(seed)
    centres = rng.uniform(0.2, 0.8, size=(24, 3)).astype(np.float32)
    radii = rng.uniform(0.05, 0.12, size=24).astype(np.float32)
    axis = (np.arange(n, dtype=np.float32) + 0.5) / n
    out = np.empty((n, n, n), dtype=np.uint16)
    y, x = np.meshgrid(axis, axis, indexing="ij")
    for z in range(n):
        f = np.zeros((n, n), dtype=np.float32)
        for (cx, cy, cz), r in zip(centres, radii):
            f += np.exp(-((x - cx) ** 2 + (y - cy) ** 2 + (axis[z] - cz) ** 2) / (r * r))
        out[z] = np.minimum(f * 20000.0, 65535.0).astype(np.uint16)
    return out


def scan_stand_in(ct, shape=(136, 470, 500)):
    """A stand-in for a 500 x 470 x 136 8-bit scan (none is committed or shared): the committed CT head resampled
    trilinearly onto that grid (z, y, x), its values / 16 as uint8, so its bone level 1150.5 lies at 71.9."""
    from scipy import ndimage
    zoom = [float(s) / c for s, c in zip(shape, ct.shape)]
    out = ndimage.zoom(ct.astype(np.float32), zoom, order=1)
    assert out.shape == shape, out.shape
    return np.clip(np.rint(out / 16.0), 0, 255).astype(np.uint8)


def write_nrrd(folder, name, volume):
    raw = os.path.join(folder, name + ".raw")
    volume.tofile(raw)
    header = os.path.join(folder, name + ".nhdr")
    kind = {np.dtype(np.uint16): "ushort", np.dtype(np.uint8): "uchar"}[volume.dtype]
    with open(header, "w") as f:
        f.write("NRRD0004\ndimension: 3\nsizes: %d %d %d\ntype: %s\nendian: little\nencoding: raw\n"
                "spacings: 1 1 1\ndata file: %s\n" % (volume.shape[2], volume.shape[1], volume.shape[0], kind,
                                                    os.path.basename(raw)))
    return header


# --- ours ---------------------------------------------------------------------------------------------------

def markdown_rows(text):
    """The rows of the markdown tables the bench prints, as dicts by column."""
    rows, header = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set(cells[0]) <= set("-"):
            rows.append(dict(zip(header, cells)))
    return rows


def number(cell):
    try:
        return float(cell.replace(" ", ""))
    except ValueError:
        return float("nan")


def run_bench(bench, args):
    out = subprocess.run([bench] + args, check=True, capture_output=True, text=True).stdout
    return out


def ours_mc(bench, path, band, reps):
    out = run_bench(bench, ["--mc", "--volume", path, "--band", "%d,%d" % band, "--reps", str(reps),
                            "--warmup", "1", "--mc-plot", "none"])
    for row in markdown_rows(out):
        if row.get("method") == "hp_mc":
            if row.get("check") != "exact":
                sys.exit("cpu_peers: hp_mc's check on %s: %s" % (path, row.get("check")))
            return {k: number(row[k + " ms"]) for k in ("count", "build", "expand", "total")} | {
                "triangles": int(number(row["triangles"]))}
    sys.exit("cpu_peers: no hp_mc row for " + path + "\n" + out)


def ours_bits(bench, side, reps, extra=()):
    """hp_bits' build and list (nan where the list is beyond this driver's blocks) and the voxelize stage."""
    out = run_bench(bench, ["--scaling", "--voxels", "bits", "--preset", str(side), "--reps", str(reps),
                            "--warmup", "1", "--plot", "none"] + list(extra))
    got = {}
    for row in markdown_rows(out):
        if row.get("method") == "hp_bits" and "build" in row and "list" in row:
            got |= {"build": number(row["build"]), "list": number(row["list"])}
        if row.get("method") == "compute → bits" and row.get("stage") == "voxelize":
            got |= {"voxelize": number(row["ms: median (min–max)"].split()[0]), "points": int(number(row["active"]))}
    if "voxelize" not in got:
        sys.exit("cpu_peers: no voxelize row for %d^3\n%s" % (side, out))
    return {"build": float("nan"), "list": float("nan")} | got


# --- the peers ----------------------------------------------------------------------------------------------

def random_mask(size, count, seed):
    """A boolean array of `size` with exactly `count` entries set, at random places (no size-long permutation)."""
    rng = np.random.default_rng(seed)
    mask = np.zeros(size, dtype=bool)
    while True:
        missing = count - int(np.count_nonzero(mask))
        if missing <= 0:
            break
        mask[rng.integers(0, size, size=missing)] = True
    return mask


def timed(fn, reps):
    fn()  # warm-up
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times), result


def vtk_image(volume):
    import vtk
    from vtk.util import numpy_support
    image = vtk.vtkImageData()
    image.SetDimensions(volume.shape[2], volume.shape[1], volume.shape[0])
    array = numpy_support.numpy_to_vtk(np.ascontiguousarray(volume).ravel(), deep=True)
    image.GetPointData().SetScalars(array)
    return image


def vtk_filter(kind, image, level):
    import vtk
    f = vtk.vtkFlyingEdges3D() if kind == "fe" else vtk.vtkMarchingCubes()
    f.SetInputData(image)
    f.SetValue(0, level)
    f.ComputeNormalsOn()

    def run():
        f.Modified()
        f.Update()
        return f.GetOutput().GetNumberOfPolys()
    return run


def skimage_mc(volume, level):
    from skimage import measure

    def run():
        return len(measure.marching_cubes(volume, level)[1])
    return run


def read_obj(path):
    """Vertices and triangles of an OBJ (v and f lines; polygons fanned), for the peers that take arrays."""
    points, tris = [], []
    for line in open(path):
        if line.startswith("v "):
            points.append([float(c) for c in line.split()[1:4]])
        elif line.startswith("f "):
            idx = [int(c.split("/")[0]) - 1 for c in line.split()[1:]]
            tris += [[idx[0], idx[i], idx[i + 1]] for i in range(1, len(idx) - 1)]
    return np.array(points, dtype=np.float32), np.array(tris, dtype=np.int32)


# As dicer places a loaded mesh (model_catalog.h kModelFitMargin): centred, its longest side (1 - 0.05) of the box.
FIT_MARGIN = 0.05


def voxel_grid(lo, hi, n):
    """The voxel size and the first voxel's centre of the n^3 box the mesh [lo, hi] is fitted into."""
    size = float((hi - lo).max()) / ((1.0 - FIT_MARGIN) * n)
    centre = (lo + hi) / 2
    return size, centre - (n / 2 - 0.5) * size


def vtk_stencil(path, n):
    """The mesh filled into an n-voxel box (its longest side), as a stencil; its set voxels counted once."""
    import vtk
    reader = vtk.vtkOBJReader()
    reader.SetFileName(path)
    # Welded first (the reader splits a vertex per texture coordinate; the stencil joins its slices' contours
    # through shared points), once, outside the timing.
    clean = vtk.vtkCleanPolyData()
    clean.SetInputConnection(reader.GetOutputPort())
    clean.Update()
    poly = clean.GetOutput()
    b = poly.GetBounds()
    size, origin = voxel_grid(np.array(b[0::2]), np.array(b[1::2]), n)
    f = vtk.vtkPolyDataToImageStencil()
    f.SetInputData(poly)
    f.SetOutputSpacing(size, size, size)
    f.SetOutputOrigin(*origin)
    f.SetOutputWholeExtent(0, n - 1, 0, n - 1, 0, n - 1)

    def run():
        f.Modified()
        f.Update()
    image = vtk.vtkImageStencilToImage()
    image.SetInputConnection(f.GetOutputPort())
    image.SetInsideValue(1)
    image.SetOutsideValue(0)
    image.SetOutputScalarTypeToUnsignedChar()
    image.Update()
    from vtk.util import numpy_support
    count = int(numpy_support.vtk_to_numpy(image.GetOutput().GetPointData().GetScalars()).sum())
    return run, count


def vdb_level_set(points, tris, n):
    import pyopenvdb as vdb
    size, _ = voxel_grid(points.min(axis=0), points.max(axis=0), n)
    transform = vdb.createLinearTransform(voxelSize=size)

    def run():
        return vdb.FloatGrid.createLevelSetFromPolygons(points, triangles=tris, transform=transform, halfWidth=1.0)
    return run, int(run().activeVoxelCount())


# --- tables -------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench", default=os.path.join(ROOT, "build/release/bin/dicer-bench"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=5, help="repetitions a configuration measures a round")
    ap.add_argument("--quick", action="store_true", help="the small inputs only (MR head, blobs 64^3, 128^3 bits)")
    ap.add_argument("--plot", default=os.path.join(ROOT, "build/release/plots/cpu-peers.png"))
    ap.add_argument("--markdown", help="also write the tables to this file")
    ap.add_argument("--mesh", default=os.path.join(ROOT, "assets/models/spot/spot_triangulated.obj"))
    a = ap.parse_args()
    try:
        import skimage  # noqa: F401
        import vtk  # noqa: F401
    except ImportError as e:
        sys.exit("cpu_peers: %s: apt-get install python3-vtk9 python3-skimage (run with /usr/bin/python3)" % e)

    work = tempfile.mkdtemp(prefix="dicer-peers-")
    vol_dir = os.path.join(ROOT, "assets/volumes")
    volumes = [("MR head", os.path.join(vol_dir, "head_mr/HeadMRVolume.mhd"), read_mhd, (42, 255)),
               ("CT head", os.path.join(vol_dir, "headsq/quarter.nhdr"), read_nrrd, (1151, 3926))]
    # A scan-sized 8-bit volume (none is committed or shared): the band (72, 255) is the surface at 71.5, 1144 in
    # the CT's units, beside its bone level 1150.5.
    if not a.quick:
        data = scan_stand_in(read_nrrd(volumes[1][1]))
        volumes.append(("CT head resampled to 500×470×136 (a stand-in scan)", write_nrrd(work, "scan", data),
                        lambda p, d=data: d, (72, 255)))
    sides = [64] if a.quick else [128, 256, 512]
    for n in sides:
        data = blobs(n)
        volumes.append(("blobs %d^3" % n, write_nrrd(work, "blobs%d" % n, data), lambda p, d=data: d,
                        (10000, int(data.max()))))
    bit_sides = [128] if a.quick else [256, 512, 1024]
    vox_sides = [128] if a.quick else [256, 512, 1024]
    mesh_points, mesh_tris = read_obj(a.mesh)
    vox = {(n, m): {"ours": [], "peer": []} for n in vox_sides for m in ("solid", "shell")}
    peers_vox = {}
    for n in vox_sides:
        peers_vox[(n, "solid")] = vtk_stencil(a.mesh, n)
        peers_vox[(n, "shell")] = vdb_level_set(mesh_points, mesh_tris, n)

    mc = {name: {"ours": [], "fe": [], "mc": [], "sk": []} for name, *_ in volumes}
    bits = {n: {"ours": [], "np": []} for n in bit_sides}
    loaded = {name: reader(path) for name, path, reader, _ in volumes}
    for r in range(a.rounds):
        print("round %d of %d" % (r + 1, a.rounds), file=sys.stderr)
        for name, path, _, band in volumes:
            volume, level = loaded[name], band[0] - 0.5
            mc[name]["ours"].append(ours_mc(a.bench, path, band, a.reps))
            image = vtk_image(volume)
            mc[name]["fe"].append(timed(vtk_filter("fe", image, level), a.reps))
            mc[name]["mc"].append(timed(vtk_filter("mc", image, level), a.reps))
            mc[name]["sk"].append(timed(skimage_mc(volume.astype(np.float32), level), max(1, a.reps // 2)))
        for n in bit_sides:
            ours = ours_bits(a.bench, n, a.reps)
            bits[n]["ours"].append(ours)
            mask = random_mask(n ** 3, ours["points"], n)
            bits[n]["np"].append(timed(lambda: np.flatnonzero(mask).size, a.reps))
        for n in vox_sides:
            for mode in ("solid", "shell"):
                vox[(n, mode)]["ours"].append(ours_bits(a.bench, n, a.reps, ["--model", a.mesh, "--mode", mode]))
                vox[(n, mode)]["peer"].append(timed(peers_vox[(n, mode)][0], max(1, a.reps // 2))[0])

    med = statistics.median
    lines = ["CPU: %s; ours: dicer-bench on Mesa llvmpipe, the same CPU, the same run (%d interleaved rounds)."
             % (cpu_name(), a.rounds), "",
             "| volume | triangles (ours / VTK FE) | VTK Flying Edges ms | VTK MarchingCubes ms | scikit-image ms | "
             "hp_mc ms (count · build · expand) | ours µs / triangle | ours / FE | ours / VTK MC | ours / skimage | "
             "set by |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    plot_rows = []
    for name, *_ in volumes:
        d = mc[name]
        stage = {k: med(o[k] for o in d["ours"]) for k in ("count", "build", "expand", "total")}
        fe, vmc, sk = (med(t for t, _ in d[k]) for k in ("fe", "mc", "sk"))
        tris, fe_tris = d["ours"][0]["triangles"], d["fe"][0][1]
        worst = max(("count", "build", "expand"), key=lambda k: stage[k])
        lines.append("| %s | %d / %d | %.1f | %.1f | %.1f | %.1f (%.1f · %.1f · %.1f) | %.3f | %.1f× | %.2f× | %.2f× "
                     "| %s |" % (name, tris, fe_tris, fe, vmc, sk, stage["total"], stage["count"], stage["build"],
                                 stage["expand"], 1e3 * stage["total"] / max(tris, 1), stage["total"] / fe,
                                 stage["total"] / vmc, stage["total"] / sk, worst))
        plot_rows.append((name, fe, vmc, sk, stage))
    lines += ["", "| occupancy | set entries | numpy flatnonzero ms | hp_bits ms (build · list) | ours / numpy |",
              "|---|---:|---:|---:|---:|"]
    for n in bit_sides:
        b = bits[n]
        build, listed = med(o["build"] for o in b["ours"]), med(o["list"] for o in b["ours"])
        npms = med(t for t, _ in b["np"])
        lines.append("| %d^3 bits | %d | %.1f | %.1f (%.1f · %.1f) | %.2f× |"
                     % (n, b["ours"][0]["points"], npms, build + listed, build, listed, (build + listed) / npms))
    lines += ["", "Voxelization of %s (%d triangles), the compute method into N^3 bits:" % (
        os.path.relpath(a.mesh, ROOT), len(mesh_tris)), "",
              "| volume | mode | ours: voxels set | ours ms | peer | peer's voxels set | peer ms | ours / peer |",
              "|---|---|---:|---:|---|---:|---:|---:|"]
    for n in vox_sides:
        for mode, peer in (("solid", "VTK vtkPolyDataToImageStencil"), ("shell", "OpenVDB level set (half width 1)")):
            v = vox[(n, mode)]
            ours = med(o["voxelize"] for o in v["ours"])
            theirs = med(v["peer"])
            lines.append("| %d^3 | %s | %d | %.1f | %s | %d | %.1f | %.2f× |" % (
                n, mode, v["ours"][0]["points"], ours, peer, peers_vox[(n, mode)][1], theirs, ours / theirs))
    shutil.rmtree(work, ignore_errors=True)
    text = "\n".join(lines)
    print(text)
    if a.markdown:
        open(a.markdown, "w").write(text + "\n")
    if a.plot and a.plot != "none":
        plot(plot_rows, a.plot, cpu_name())
        print("plot: " + a.plot)


def plot(rows, path, cpu):
    """Each tool's time over Flying Edges' on the same volume (log scale); hp_mc's bar names its largest stage."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(10, 5.2), dpi=110)
    x = np.arange(len(rows))
    w = 0.26
    ax.bar(x - w, [r[2] / r[1] for r in rows], w, label="VTK MarchingCubes", color="#8ab17d")
    ax.bar(x, [r[3] / r[1] for r in rows], w, label="scikit-image (Lewiner)", color="#e9c46a")
    ours = [r[4]["total"] / r[1] for r in rows]
    ax.bar(x + w, ours, w, label="hp_mc through llvmpipe", color="#e76f51")
    for i, r in enumerate(rows):
        worst = max(("count", "build", "expand"), key=lambda k: r[4][k])
        ax.annotate("%.1f×\n%s" % (ours[i], worst), (x[i] + w, ours[i]), ha="center", va="bottom", fontsize=8)
    ax.axhline(1.0, color="#2a9d8f", lw=1.5, label="VTK Flying Edges (= 1)")
    ax.axhline(2.0, color="#2a9d8f", lw=1, ls="--", label="target: 2× Flying Edges")
    ax.set_yscale("log")
    ax.set_xticks(x, [textwrap.fill(r[0], 18) for r in rows], fontsize=8)
    ax.set_ylabel("time / VTK Flying Edges' time (log)")
    ax.set_title("Marching cubes on the CPU, same bytes and level, one run\n" + cpu, fontsize=10)
    ax.legend(fontsize=8, loc="upper right", ncol=2)
    ax.grid(axis="y", alpha=0.3, which="both")
    ax.set_ylim(0.5, max(max(ours), max(r[2] / r[1] for r in rows)) * 6)
    fig.tight_layout()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fig.savefig(path)


if __name__ == "__main__":
    main()
