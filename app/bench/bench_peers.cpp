// dicer-bench, peers part: every method of the table but the paper variants (method_table.h) on one atlas,
// atlas -> point buffer, each checked against the same voxel set (and its own order where it has one),
// reported as a multiple of the copy pass and of the compute read floor over the bytes it reads (the atlas, or
// its bits for a bits row); then the CPU path stage by stage, the paper's Table 2.
#include "bench_context.h"
#include "cpu_compaction.h"
#include "method_table.h"

#include <cstdio>

namespace dicer::bench {

bool runPeers(Bench& b, const BenchAtlas& atlas, GLuint texture, const Expected& expected, double copyMs) {
    const std::uint32_t capacity = std::max<std::uint32_t>(std::uint32_t(expected.sorted.size()), 1);
    const hp::MethodInput atlasInput{texture, kThreshold, atlas.tiling, capacity};
    const hp::MethodInput& input = atlasInput; // the CPU path's stages read the atlas
    bool ok = true;
    // Every method of the table but the paper variants (runHistoPyramids adds their build + list totals).
    for (methods::MethodId id : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& info = methods::methodInfo(id);
        if (info.family == methods::Family::PaperHistoPyramid) continue;
        b.progress.step("peers " + atlas.label + ": " + info.name);
        auto created = methods::createMethod(info.name, b.shaders, b.info);
        if (!created) {
            std::fprintf(stderr, "dicer-bench: %s\n", created.error().c_str());
            return false;
        }
        hp::PointMethod& peer = **created;
        auto fed = b.rowInput(info.reads, atlasInput, atlas.size); // the atlas, or its bits
        if (!fed) {
            b.report.skipped.push_back({kTablePeers, info.name, atlas.label, fed.error()});
            continue;
        }
        Measurement m;
        m.readMs = fed->readMs();
        m.readBytes = fed->bytes;
        m.table = kTablePeers;
        m.method = info.name;
        m.stage = "total";
        m.input = atlas.label;
        m.cells = atlas.texels();
        m.copyMs = copyMs;
        // The CPU path's stages run on the CPU: only a wall clock sees them.
        m.timer = info.family == methods::Family::CpuPeer ? gl::TimerSource::CpuFenced : b.report.run.timer;
        if (Result<void> r = peer.run(fed->input); !r) {
            b.report.skipped.push_back({kTablePeers, info.name, atlas.label, r.error()});
            continue;
        }
        m.time = b.measure([&] { (void)peer.run(fed->input); }, m.timer);
        m.count = peer.readCount();
        m.ok = checkEntries(peer.points().read(m.count), m.count, expected, expected.inOrder(peer.order()),
                            &m.check);
        if (m.ok) m.check += std::string(" (") + hp::entryOrderName(peer.order()) + ")";
        ok = ok && m.ok;
        b.report.rows.push_back(m);
    }

    // Table 2: the CPU path stage by stage, single-threaded (2006) and on every hardware thread.
    for (int threads : {1, 0}) {
        auto created = peers::CpuCompaction::create(b.shaders, b.info, threads);
        if (!created) return false;
        peers::CpuCompaction& cpu = **created;
        const std::string suffix =
            "-" + std::to_string(cpu.threadCount()) + "t"; // thread count in the stage name
        b.progress.step("CPU path " + atlas.label + ": " + cpu.name());
        auto add = [&](const std::string& stage, const std::function<void()>& work) {
            Measurement m;
            m.table = kTableCpu;
            m.method = "cpu";
            m.stage = stage;
            m.input = atlas.label;
            m.cells = atlas.texels();
            m.count = std::uint32_t(expected.sorted.size());
            m.timer = gl::TimerSource::CpuFenced;
            m.time = b.measure(work, m.timer);
            b.report.rows.push_back(m);
        };
        if (!cpu.download(input)) return false;
        if (threads == 1) add("download", [&] { (void)cpu.download(input); });
        add("traverse" + suffix, [&] { cpu.traverse(); });
        if (threads == 1) add("upload", [&] { (void)cpu.upload(); });
        add("total" + suffix, [&] { (void)cpu.run(input); });
    }
    return ok;
}

} // namespace dicer::bench
