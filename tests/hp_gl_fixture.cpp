#include "hp_gl_fixture.h"

#include "atlas_to_bits.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_shared.h"
#include "method_table.h"
#include "paper_method.h"

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

namespace dicer::test {
using namespace dicer::hp;

const std::vector<Config>& paperConfigs() {
    static const std::vector<Config> configs = [] {
        std::vector<Config> out;
        for (const methods::MethodConfig& c : methods::methodConfigs())
            if (c.method->family == methods::Family::PaperHistoPyramid)
                out.push_back({c.method->name, c.options.storage, c.options.buildPath});
        return out;
    }();
    return configs;
}

std::string configName(const Config& c) {
    return std::string(c.variant) + "_" + storageName(c.storage) + "_" + buildPathName(c.path);
}

gl::Texture makeAtlas(const std::vector<std::uint8_t>& alpha, int w, int h) {
    std::vector<std::uint8_t> rgba(alpha.size() * 4);
    for (size_t i = 0; i < alpha.size(); ++i) {
        rgba[i * 4 + 0] = std::uint8_t(i * 7);
        rgba[i * 4 + 1] = std::uint8_t(i >> 3);
        rgba[i * 4 + 2] = 0x5a;
        rgba[i * 4 + 3] = alpha[i];
    }
    gl::Texture t = test::texture2D(w, h, GL_RGBA8, 1, "test atlas");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(t.id(), 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    return t;
}

namespace {
struct Cache {
    gl::ShaderLibrary shaders;
    std::map<std::string, std::unique_ptr<PointMethod>> methods; // by variant: options pick the pyramid
    std::unique_ptr<PointList> list;
    std::unique_ptr<peers::AtlasToBits> bits;
    std::optional<occupancy::SparseOccupancy> sparse;
};
Cache& cache() {
    static Cache c;
    return c;
}
} // namespace

hp::MethodInput rowInput(const std::string& row, GLuint atlas, int w, int h) {
    hp::MethodInput in;
    in.atlas = atlas;
    in.threshold = 0.5f;
    in.capacity = std::uint32_t(w * h);
    return inputFor(methods::methodInfo(*methods::findMethod(row)).reads, in);
}

hp::MethodInput inputFor(occupancy::VoxelOutput kind, const hp::MethodInput& atlas) {
    const occupancy::VoxelOutput first = kind == occupancy::VoxelOutput::Sparse ? occupancy::VoxelOutput::Bits : kind;
    auto in = peers::inputFor(first, atlas, cache().bits, cache().shaders, context().info());
    if (!in) {
        ADD_FAILURE() << in.error();
        return atlas;
    }
    return kind == occupancy::VoxelOutput::Sparse ? sparseInputFor(*in) : *in;
}

occupancy::SparseOccupancy& sharedSparse() {
    std::optional<occupancy::SparseOccupancy>& s = cache().sparse;
    if (!s) {
        auto made = occupancy::SparseOccupancy::create(cache().shaders, context().info());
        if (!made) throw std::runtime_error(made.error()); // a shader error: nothing to test
        s.emplace(std::move(made.value()));
    }
    return *s;
}

hp::MethodInput sparseInputFor(const hp::MethodInput& bits, std::uint32_t slots) {
    occupancy::SparseOccupancy& s = sharedSparse();
    Result<void> r = s.setLayout(bits.bitsSide, slots);
    if (r) r = s.fromBits(bits.bits, bits.bitsSide);
    // Without a given pool: exactly as many slots as the bits mark bricks (a second conversion if the first guess
    // was too small), so the rows' lists are complete.
    if (r && slots == 0 && s.readStatus().overflowed) {
        r = s.setCapacity(s.readStatus().marked);
        if (r) r = s.fromBits(bits.bits, bits.bitsSide);
    }
    if (!r) ADD_FAILURE() << r.error();
    hp::MethodInput in = bits;
    in.sparseIndex = s.index();
    in.sparsePool = s.pool();
    return in;
}

PointMethod* methodFor(const std::string& name, const MethodOptions& options) {
    auto& slot = cache().methods[name];
    if (!slot) {
        auto created = methods::createMethod(name, cache().shaders, context().info(), options);
        if (!created) {
            ADD_FAILURE() << created.error();
            return nullptr;
        }
        slot = std::move(created.value());
    }
    slot->setOptions(options);
    return slot.get();
}

HistoPyramid* pyramidFor(const Config& c) {
    auto* paper = dynamic_cast<PaperMethod*>(methodFor(c.variant, {c.storage, c.path})); // the paper rows
    if (!paper) {
        ADD_FAILURE() << c.variant << " is not a paper variant";
        return nullptr;
    }
    HistoPyramid& pyramid = paper->pyramid();
    pyramid.setBuildPath(c.path);
    return &pyramid;
}

PointList* sharedPointList() {
    if (!cache().list) {
        auto l = PointList::create(cache().shaders, context().info());
        if (!l) {
            ADD_FAILURE() << l.error();
            return nullptr;
        }
        cache().list = std::make_unique<PointList>(std::move(l.value()));
    }
    return cache().list.get();
}

// Builds, lists (paper path and GPU-resident path) and compares with the reference. Returns mismatches.
void expectExact(const Config& c, const std::vector<std::uint8_t>& alpha, int w, int h, float threshold,
                 const AtlasTiling& tiling, bool checkIndirect) {
    SCOPED_TRACE(configName(c) + " " + std::to_string(w) + "x" + std::to_string(h));
    HistoPyramid* pyrPtr = pyramidFor(c);
    PointList* listPtr = sharedPointList();
    ASSERT_TRUE(pyrPtr && listPtr);
    HistoPyramid& pyr = *pyrPtr;
    PointList& list = *listPtr;
    gl::Texture atlas = makeAtlas(alpha, w, h);
    ASSERT_TRUE(pyr.build(atlas.id(), threshold, tiling));
    CpuPyramid ref = buildCpuPyramid(alpha, w, h, thresholdToByte(threshold), tiling);
    ASSERT_EQ(pyr.readCount(), ref.count());
    ASSERT_TRUE(list.build(pyr));
    ASSERT_EQ(list.count(), ref.count());

    // The 2D list texture: entry k = y * width + x holds the k-th active cell, or HP_EMPTY past the count.
    std::vector<glm::uvec2> texture = list.readListTexture();
    std::vector<glm::ivec2> expected = cpuPointList(ref);
    glm::ivec2 size = list.listSize();
    ASSERT_EQ(texture.size(), size_t(size.x) * size_t(size.y));
    std::uint32_t bad = 0;
    for (size_t k = 0; k < texture.size(); ++k) {
        glm::uvec2 want = k < expected.size() ? glm::uvec2(expected[k]) : glm::uvec2(HP_EMPTY);
        if (texture[k] != want && bad++ < 5)
            ADD_FAILURE() << "k=" << k << " gpu (" << texture[k].x << "," << texture[k].y << ") cpu ("
                          << want.x << "," << want.y << ")";
    }
    EXPECT_EQ(bad, 0u) << "list texture mismatches";
    VerifyReport report = verifyPointList(list, ref);
    EXPECT_TRUE(report.ok()) << report.mismatches << " point-buffer mismatches";

    if (checkIndirect) {
        std::uint32_t capacity = std::max<std::uint32_t>(ref.count(), 1);
        ASSERT_TRUE(list.buildIndirect(pyr, capacity));
        bool overflow = true;
        EXPECT_EQ(list.readIndirectCount(&overflow), ref.count());
        EXPECT_FALSE(overflow);
        std::vector<glm::uvec4> points = list.points().read(ref.count());
        std::uint32_t badIndirect = 0;
        for (std::uint32_t k = 0; k < ref.count(); ++k)
            if (points[k] != pointEntry(expected[k], tiling, {w, h})) ++badIndirect;
        EXPECT_EQ(badIndirect, 0u) << "indirect point mismatches";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace dicer::test
