// dicer-bench, HistoPyramid part: every selected paper variant (storage x build path) and the compute
// HistoPyramid on one atlas. Build (Table 3) and PointList (Table 4, count read back and kept on the GPU),
// each list verified against the CPU reference; with --gpu-resident whole build+list frames both ways; with
// --peers the build+list total beside the peers.
#include "bench_context.h"
#include "hp_compute.h"
#include "hp_variants.h"

#include <cstdio>

namespace dicer::bench {
namespace {

std::string variantLabel(const char* name, hp::Storage storage, hp::BuildPath path) {
    return std::string(name) + " " + hp::storageName(storage) + " " + hp::buildPathName(path);
}

Measurement row(const char* table, const std::string& method, const char* stage, const BenchAtlas& atlas,
                std::uint32_t count, Summary time, TimerSource timer, double copyMs) {
    Measurement m;
    m.table = table;
    m.method = method;
    m.stage = stage;
    m.input = atlas.label;
    m.cells = atlas.texels();
    m.count = count;
    m.time = time;
    m.timer = timer;
    m.copyMs = copyMs;
    return m;
}

// Lists and frames with the count read back vs kept on the GPU, wall clock (a readback's stall is invisible
// to GPU timestamps, so this table is always cpu-fenced).
void residentRows(Bench& b, const std::string& method, const BenchAtlas& atlas, std::uint32_t count,
                  const std::function<void()>& build, const std::function<void()>& listReadback,
                  const std::function<void()>& listResident) {
    const TimerSource wall = TimerSource::CpuFenced;
    auto add = [&](const char* stage, const std::function<void()>& work) {
        b.report.rows.push_back(
            row(kTableResident, method, stage, atlas, count, b.measure(work, wall), wall, 0));
    };
    build();
    add("list-readback", listReadback);
    add("list-resident", listResident);
    // A whole frame as the demo runs it: voxelize (model sources), build, list.
    auto voxelize = [&] {
        if (b.source.canVoxelize()) b.source.voxelize(VoxelMethod::Projected);
    };
    add("frame-readback", [&] {
        voxelize();
        build();
        listReadback();
    });
    add("frame-resident", [&] {
        voxelize();
        build();
        listResident();
    });
}

} // namespace

bool runHistoPyramids(Bench& b, const BenchAtlas& atlas, GLuint texture, const Expected& expected,
                      double copyMs) {
    const TimerSource timer = b.report.run.timer;
    const std::uint32_t capacity = std::max<std::uint32_t>(std::uint32_t(expected.sorted.size()), 1);
    bool ok = true;

    for (const hp::VariantInfo& v : hp::variantTable()) {
        if (!b.selected(v.name)) continue;
        for (hp::Storage wanted : b.opt.storages) {
            hp::Storage storage = hp::effectiveStorage(v, wanted);
            if (storage != wanted && b.opt.storages.size() > 1) continue; // dicer_bil once, not twice
            auto created = v.create(b.shaders, storage);
            if (!created) {
                std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
                return false;
            }
            hp::HistoPyramid& pyr = **created;
            for (hp::BuildPath path : b.opt.paths) {
                pyr.setBuildPath(path);
                const std::string label = variantLabel(v.name, storage, path);
                b.progress.step("HistoPyramid " + atlas.label + ": " + label);
                auto build = [&] { (void)pyr.build(texture, kThreshold, atlas.tiling); };
                auto list = [&] { (void)b.list.build(pyr); };
                auto resident = [&] { (void)b.list.buildIndirect(pyr, capacity); };
                Measurement mb = row(kTableHp, label, "build", atlas, 0, b.measure(build), timer, copyMs);
                Measurement ml = row(kTableHp, label, "list", atlas, 0, b.measure(list), timer, copyMs);
                const std::uint32_t count = b.list.count(); // buildIndirect() leaves it unknown (0)
                // Verification: the key-index order of the CPU reference, entry by entry, and the voxel set.
                hp::VerifyReport verify = hp::verifyPointList(b.list, expected.pyramid);
                std::string check;
                bool good = checkEntries(b.list.readPoints(count), count, expected, nullptr, &check);
                check = good && verify.ok() ? "exact"
                        : verify.ok()       ? check
                                            : std::to_string(verify.mismatches) + " mismatches";
                good = good && verify.ok();
                Measurement mr =
                    row(kTableHp, label, "list-resident", atlas, 0, b.measure(resident), timer, copyMs);
                // The GPU-resident list: its own count and entries, checked the same way.
                const std::uint32_t residentCount = b.list.readIndirectCount();
                std::string residentCheck;
                const bool residentGood = checkEntries(b.list.readPoints(residentCount), residentCount,
                                                       expected, nullptr, &residentCheck);
                for (Measurement* m : {&mb, &ml, &mr}) {
                    m->count = count;
                    m->check = m == &mr && !residentGood ? residentCheck : check;
                    m->ok = good && (m != &mr || residentGood);
                    b.report.rows.push_back(*m);
                }
                ok = ok && good && residentGood;
                if (b.opt.gpuResident) residentRows(b, label, atlas, count, build, list, resident);
                if (b.opt.peers) {
                    Measurement total =
                        row(kTablePeers, label + " (build + list)", "total", atlas, count, b.measure([&] {
                            build();
                            list();
                        }),
                            timer, copyMs);
                    total.check = check;
                    total.ok = good;
                    b.report.rows.push_back(total);
                }
            }
        }
    }

    if (!b.selected("hp_compute")) return ok;
    b.progress.step("HistoPyramid " + atlas.label + ": hp_compute");
    auto created = hp::ComputeHistoPyramid::create(b.shaders);
    if (!created) {
        std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
        return false;
    }
    hp::ComputeHistoPyramid& hpc = **created;
    // As run() does: the build writes the list's arguments for `capacity`; a list with the count read back
    // (another capacity) makes its own.
    auto build = [&] { (void)hpc.build(texture, kThreshold, capacity, atlas.tiling); };
    auto listReadback = [&] { (void)hpc.list(std::max(hpc.readCount(), 1u)); };
    auto listResident = [&] { (void)hpc.list(capacity); };
    Measurement mb = row(kTableHp, "hp_compute", "build", atlas, 0, b.measure(build), timer, copyMs);
    Measurement ml = row(kTableHp, "hp_compute", "list", atlas, 0, b.measure(listReadback), timer, copyMs);
    Measurement mr =
        row(kTableHp, "hp_compute", "list-resident", atlas, 0, b.measure(listResident), timer, copyMs);
    std::vector<glm::uvec4> keyOrder;
    for (glm::ivec2 cell : hp::cpuPointList(expected.pyramid))
        keyOrder.push_back(peers::pointEntry(cell, atlas.tiling, atlas.size));
    std::string check;
    const std::uint32_t count = hpc.readCount();
    bool good = checkEntries(hpc.readPoints(count), count, expected, &keyOrder, &check);
    for (Measurement* m : {&mb, &ml, &mr}) {
        m->count = count;
        m->check = check;
        m->ok = good;
        b.report.rows.push_back(*m);
    }
    if (b.opt.gpuResident) residentRows(b, "hp_compute", atlas, count, build, listReadback, listResident);
    return ok && good;
}

} // namespace dicer::bench
