// dicer-bench, HistoPyramid part: every selected method of the table with a list stage of its own (the paper
// variants, storage x build path, and the compute HistoPyramid) on one atlas. Build (Table 3) and PointList
// (Table 4, count read back and kept on the GPU), each list verified against the CPU reference; with
// --list-path readback,resident whole build+list frames both ways; with
// --peers the build+list total beside the peers.
#include "bench_context.h"
#include "method_table.h"

#include <algorithm>

#include <cstdio>

namespace dicer::bench {
namespace {

Measurement row(const char* table, const std::string& method, const char* stage, const BenchAtlas& atlas,
                std::uint32_t count, gl::Summary time, gl::TimerSource timer, double copyMs) {
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
    const gl::TimerSource wall = gl::TimerSource::CpuFenced;
    auto add = [&](const char* stage, const std::function<void()>& work) {
        b.report.rows.push_back(
            row(kTableResident, method, stage, atlas, count, b.measure(work, wall), wall, 0));
    };
    build();
    add("list-readback", listReadback);
    add("list-resident", listResident);
    // A whole frame as the demo runs it: voxelize (model sources), build, list.
    auto voxelize = [&] {
        if (b.source.canVoxelize()) b.source.voxelize(voxel::VoxMethodId::Projected);
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
    const gl::TimerSource timer = b.report.run.timer;
    const std::uint32_t capacity = std::max<std::uint32_t>(std::uint32_t(expected.sorted.size()), 1);
    const hp::MethodInput atlasInput{texture, kThreshold, atlas.tiling, capacity};
    bool ok = true;

    // Every method with a list stage of its own (the paper variants, the compute HistoPyramid), each storage
    // x build path it offers.
    for (methods::MethodId id : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& info = methods::methodInfo(id);
        if (!info.listStage || !b.selected(id)) continue;
        std::vector<hp::Storage> storages{hp::Storage::Uint32};
        if (!info.storages.empty()) {
            storages.clear();
            for (hp::Storage wanted : b.opt.storages) {
                hp::Storage storage = info.storageFor(wanted);
                if (std::find(storages.begin(), storages.end(), storage) == storages.end())
                    storages.push_back(storage); // dicer_bil once, not twice
            }
        }
        std::vector<hp::BuildPath> paths{hp::BuildPath::Compute};
        if (!info.buildPaths.empty()) paths = b.opt.paths;
        auto created = info.create(b.shaders, b.info, {storages.front(), paths.front()});
        if (!created) {
            std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
            return false;
        }
        hp::PointMethod& method = **created;
        const std::vector<glm::uvec4>* order = expected.inOrder(method.order());
        auto fed = b.rowInput(info.reads, atlasInput, atlas.size); // the atlas, or its bits
        if (!fed) {
            b.report.skipped.push_back({kTableHp, info.name, atlas.label, fed.error()});
            continue;
        }
        const hp::MethodInput& input = fed->input;
        for (hp::Storage storage : storages)
            for (hp::BuildPath path : paths) {
                method.setOptions({storage, path});
                const std::string label = methods::MethodConfig{&info, {storage, path}}.label();
                b.progress.step("HistoPyramid " + atlas.label + ": " + label);
                auto build = [&] { (void)method.build(input); };
                auto list = [&] { (void)method.list(input, hp::ListPath::Readback); };
                auto resident = [&] { (void)method.list(input, hp::ListPath::Resident); };
                Measurement mb = row(kTableHp, label, "build", atlas, 0, b.measure(build), timer, copyMs);
                Measurement ml = row(kTableHp, label, "list-readback", atlas, 0, b.measure(list), timer, copyMs);
                const std::uint32_t count = method.listedCount().value_or(0);
                std::string check;
                bool good = checkEntries(method.points().read(count), count, expected, order, &check);
                Measurement mr =
                    row(kTableHp, label, "list-resident", atlas, 0, b.measure(resident), timer, copyMs);
                // The GPU-resident list: its own count and entries, checked the same way.
                const std::uint32_t residentCount = std::min(method.readCount(), capacity);
                std::string residentCheck;
                const bool residentGood = checkEntries(method.points().read(residentCount), residentCount,
                                                       expected, order, &residentCheck);
                for (Measurement* m : {&mb, &ml, &mr}) {
                    m->readMs = fed->readMs();
                    m->readBytes = fed->bytes;
                    m->count = count;
                    m->check = m == &mr && !residentGood ? residentCheck : check;
                    m->ok = good && (m != &mr || residentGood);
                    b.report.rows.push_back(*m);
                }
                ok = ok && good && residentGood;
                if (b.opt.compareListPaths()) residentRows(b, label, atlas, count, build, list, resident);
                // The paper variants join the peers table as build + list (the others are in it already).
                if (b.opt.peers && info.family == methods::Family::PaperHistoPyramid) {
                    Measurement total =
                        row(kTablePeers, label + " (build + list)", "total", atlas, count, b.measure([&] {
                            build();
                            list();
                        }),
                            timer, copyMs);
                    total.check = check;
                    total.ok = good;
                    total.readMs = fed->readMs();
                    total.readBytes = fed->bytes;
                    b.report.rows.push_back(total);
                }
            }
    }
    return ok;
}

} // namespace dicer::bench
