// dicer-bench, Table 1: the atlas made again by each vox method (the demo does this every frame),
// timed like every other stage and checked to give the atlas the source made, byte for byte.
#include "bench_context.h"
#include "hp_math.h"

#include <algorithm>

namespace dicer::bench {

bool runVoxelization(Bench& b, const BenchAtlas& atlas, double copyMs) {
    if (!b.source.canVoxelize() || !atlas.texture) return true;
    bool ok = true;
    std::vector<std::uint8_t> got(atlas.rgba.size());
    for (voxel::VoxMethodId method : b.opt.voxMethods) {
        b.progress.step("voxelize " + atlas.label + ": " + voxel::voxMethodName(method));
        Measurement m;
        m.table = kTableVoxel;
        m.method = voxel::voxMethodName(method);
        m.stage = "voxelize";
        m.input = atlas.label;
        m.cells = atlas.texels();
        m.timer = b.report.run.timer;
        m.copyMs = copyMs;
        m.time = b.measure([&] { b.source.voxelize(method); });
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTextureImage(atlas.texture, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(got.size()), got.data());
        std::int64_t differing = 0;
        for (size_t i = 0; i < got.size(); i += 4)
            differing += std::equal(got.begin() + i, got.begin() + i + 4, atlas.rgba.begin() + i) ? 0 : 1;
        const std::uint32_t threshold = hp::thresholdToByte(kThreshold);
        for (size_t i = 3; i < got.size(); i += 4)
            m.count += got[i] >= threshold ? 1u : 0u;
        m.ok = differing == 0;
        m.check = m.ok ? "identical" : std::to_string(differing) + " texels differ";
        ok = ok && m.ok;
        b.report.rows.push_back(m);
    }
    // What the atlas held (and what the reference was made from).
    b.source.voxelize(voxel::VoxMethodId::Projected);
    return ok;
}

} // namespace dicer::bench
