// The frame's Verify in bounded memory (frame_verify.cpp): every demo row over its output (atlas in key-index,
// row-major and unordered order, bits, sparse) verifies the teapot exactly while holding at most an injected
// budget far below the list's own size; a corrupted entry is still found under that budget.
#include "builtin_models.h"
#include "frame.h"
#include "gl_test_util.h"
#include "method_table.h"
#include "point_buffer.h"

using namespace dicer;

namespace {

// 64 KiB: the teapot's list at 128^3 is ~18 k points, 280 KiB of entries on each side.
constexpr std::size_t kBudget = std::size_t(64) << 10;

struct BudgetCase {
    methods::MethodId row;
    occupancy::VoxelOutput output;
};

std::vector<BudgetCase> demoRowsAndOutputs() {
    std::vector<BudgetCase> cases;
    for (methods::MethodId row : gl::rowIds(methods::methodTable()))
        if (methods::methodInfo(row).inDemo()) cases.push_back({row, frame::outputFor(row)});
    return cases;
}

// Lists the teapot at 128^3 with `c`'s row and output, on the paper's path (this frame's count).
std::unique_ptr<frame::Frame> listedTeapot(gl::ShaderLibrary& shaders, const BudgetCase& c) {
    auto made = frame::Frame::create(shaders, test::context().info(),
                                     [&](methods::MethodId r) { return r == c.row; });
    if (!made) {
        ADD_FAILURE() << made.error();
        return nullptr;
    }
    std::unique_ptr<frame::Frame> f = std::move(*made);
    frame::FrameSettings s;
    s.method = c.row;
    s.voxels = c.output;
    s.preset = "128";
    s.listPath = hp::ListPath::Readback;
    if (Result<void> r = f->apply(s); !r) {
        ADD_FAILURE() << r.error();
        return nullptr;
    }
    EXPECT_TRUE(f->setMesh(model::makeTeapot()));
    for (int frame = 0; frame < 2; ++frame) { // the sparse pool's first guess may overflow on frame 0
        f->voxelize(glm::mat4(1.f));
        EXPECT_TRUE(f->build());
        EXPECT_TRUE(f->list());
    }
    return f;
}

} // namespace

TEST(FrameVerify, EveryDemoRowVerifiesWithinASmallBudget) {
    for (const BudgetCase& c : demoRowsAndOutputs()) {
        SCOPED_TRACE(methods::methodInfo(c.row).name);
        gl::ShaderLibrary shaders;
        std::unique_ptr<frame::Frame> f = listedTeapot(shaders, c);
        ASSERT_TRUE(f);
        const hp::VerifyReport whole = f->verify(); // the default budget holds everything at once
        ASSERT_TRUE(whole.ok()) << whole.describe();
        ASSERT_GT(std::size_t(whole.gpuCount) * sizeof(glm::uvec4), 4 * kBudget) << "the list must exceed the budget";
        f->setVerifyBudget(kBudget);
        const hp::VerifyReport bounded = f->verify();
        EXPECT_TRUE(bounded.ok()) << bounded.describe();
        EXPECT_EQ(bounded.cpuCount, whole.cpuCount);
        EXPECT_LE(bounded.peakBytes, kBudget);

        // One entry changed on the GPU: found, whatever the order.
        const std::uint32_t k = whole.gpuCount / 2;
        glm::uvec4 entry;
        f->method()->points().readRange(k, std::span(&entry, 1));
        entry.x ^= 1u;
        glNamedBufferSubData(f->method()->points().id(), GLintptr(k) * HP_POINT_BYTES, sizeof entry, &entry);
        const hp::VerifyReport wrong = f->verify();
        EXPECT_EQ(wrong.verdict(), hp::VerifyReport::Verdict::Mismatch) << wrong.describe();
        EXPECT_GE(wrong.mismatches, 1u);
        DICER_EXPECT_NO_GL_ERROR();
    }
}
