// The compute read pass (read_pass.h), the memory yardstick: every word of a texture or buffer is read (the
// sink is the XOR of all of them, compared with the CPU's exactly), and bad sources are clear errors.
#include "gl_test_util.h"
#include "read_pass.h"

#include <random>
#include <vector>

using namespace dicer;
using namespace dicer::testbed;
using namespace dicer::test;

namespace {
gl::ShaderLibrary& shaders() {
    static gl::ShaderLibrary s;
    return s;
}
ReadPass& pass() {
    static ReadPass p = [] {
        auto made = ReadPass::create(shaders(), context().info());
        if (!made) ADD_FAILURE() << made.error();
        return std::move(made.value());
    }();
    return p;
}
std::vector<std::uint32_t> randomWords(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint32_t> w(n);
    for (auto& v : w)
        v = std::uint32_t(rng());
    return w;
}
std::uint32_t xorOf(const std::vector<std::uint32_t>& w, std::size_t n) {
    std::uint32_t x = 0;
    for (std::size_t i = 0; i < n; ++i)
        x ^= w[i];
    return x;
}
} // namespace

TEST(ReadPass, ReadsEveryWordOfABuffer) {
    // One word, a partial group, several groups; then a prefix of a larger buffer.
    for (std::size_t n :
         {std::size_t(1), std::size_t(1000), std::size_t(4096 * 3 + 17), std::size_t(1) << 20}) {
        auto words = randomWords(n, std::uint32_t(n));
        gl::Buffer b = test::bufferStorage(GLsizeiptr(n * 4), words.data(), 0);
        pass().resetSink();
        ASSERT_TRUE(pass().runBuffer(b.id(), std::int64_t(n) * 4));
        EXPECT_EQ(pass().readSink(), xorOf(words, n)) << n << " words";
        pass().resetSink();
        ASSERT_TRUE(pass().runBuffer(b.id(), std::int64_t(n / 2 + 1) * 4));
        EXPECT_EQ(pass().readSink(), xorOf(words, n / 2 + 1)) << n / 2 + 1 << " of " << n << " words";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(ReadPass, ReadsEveryTexelOfAnRgba8Texture) {
    for (auto [w, h] : {std::pair{1, 1}, std::pair{37, 23}, std::pair{1025, 1024}}) {
        auto words = randomWords(std::size_t(w) * std::size_t(h), std::uint32_t(w * h));
        gl::Texture t = test::texture2D(w, h, GL_RGBA8, 1, "read pass test");
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTextureSubImage2D(t.id(), 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, words.data());
        pass().resetSink();
        ASSERT_TRUE(pass().runTexture(t.id(), w, h));
        EXPECT_EQ(pass().readSink(), xorOf(words, words.size())) << w << "x" << h;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(ReadPass, BadSourcesAreClearErrors) {
    auto expectError = [](Result<void> r, const char* mentions) {
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
    };
    gl::Texture r8 = test::texture2D(8, 8, GL_R8, 1);
    expectError(pass().runTexture(r8.id(), 8, 8), "RGBA8");
    expectError(pass().runTexture(0, 8, 8), "not a texture");
    gl::Texture rgba = test::texture2D(8, 8, GL_RGBA8, 1);
    expectError(pass().runTexture(rgba.id(), 9, 8), "outside");
    gl::Buffer b = test::bufferStorage(64, nullptr, 0);
    expectError(pass().runBuffer(b.id(), 65), "multiple of 4");
    expectError(pass().runBuffer(b.id(), 68), "multiple of 4");
    expectError(pass().runBuffer(0, 64), "not a buffer");
    DICER_EXPECT_NO_GL_ERROR();
}
