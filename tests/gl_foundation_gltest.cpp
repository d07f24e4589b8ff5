// GL foundation: the headless context, handles against a live context, shader errors naming file and line.
#include "binding_ranges.h"
#include "gl_debug.h"
#include "gl_test_util.h"
#include "late_readback.h"
#include "log.h"
#include "shader.h"
#include "timer.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

using namespace dicer;

TEST(HeadlessContext, IsGl45Core) {
    const gl::GlInfo& info = test::context().info();
    EXPECT_TRUE(info.major > 4 || (info.major == 4 && info.minor >= 5)) << info.version;
    EXPECT_TRUE(info.coreProfile);
    EXPECT_GE(info.maxTextureSize, 4096);
    EXPECT_TRUE(gl::checkRequirements(info));
}

TEST(HeadlessContext, MissingFeaturesAreNamed) {
    gl::GlInfo old;
    old.renderer = "Old GPU";
    old.version = "3.3";
    old.major = 3;
    old.minor = 3;
    Result<void> r = gl::checkRequirements(old);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("OpenGL 4.5"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("core profile"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("Old GPU"), std::string::npos) << r.error();
}

TEST(GlHandle, CreateDestroyCyclesLeaveObjectCountFlat) {
    int textures = gl::Texture::liveCount(), buffers = gl::Buffer::liveCount();
    for (int i = 0; i < 50; ++i) {
        gl::Texture t = test::texture2D(4, 4, GL_RGBA8, 1, "cycle");
        gl::Buffer b = test::bufferStorage(64, nullptr, 0, "cycle");
        ASSERT_TRUE(glIsTexture(t.id()));
        gl::Texture moved = std::move(t);
        EXPECT_EQ(t.id(), 0u);
        EXPECT_NE(moved.id(), 0u);
    }
    EXPECT_EQ(gl::Texture::liveCount(), textures);
    EXPECT_EQ(gl::Buffer::liveCount(), buffers);
    GLuint raw = 0;
    {
        gl::Texture t = test::texture2D(4, 4, GL_RGBA8, 1);
        raw = t.id();
    }
    EXPECT_FALSE(glIsTexture(raw)); // the destructor deleted it
    gl::Texture r = test::texture2D(2, 2, GL_R8, 1);
    GLuint id = r.release();
    EXPECT_EQ(r.id(), 0u);
    EXPECT_TRUE(glIsTexture(id));
    glDeleteTextures(1, &id);
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {
const gl::ObjectCount& countOf(const std::vector<gl::ObjectCount>& counts, std::string_view kind) {
    for (const gl::ObjectCount& c : counts)
        if (c.kind == kind) return c;
    ADD_FAILURE() << "no object kind " << kind;
    static const gl::ObjectCount none{};
    return none;
}
} // namespace

// objectCounts() is what `dicer --soak` reports and bounds: each kind's live count moves with creation and
// deletion of that kind only, and its created count only ever grows.
TEST(GlHandle, ObjectCountsFollowCreationAndDeletion) {
    const std::vector<gl::ObjectCount> before = gl::objectCounts();
    ASSERT_EQ(before.size(), 8u);
    {
        gl::Texture t = gl::createTexture(GL_TEXTURE_2D);
        gl::Buffer b1 = gl::createBuffer(), b2 = gl::createBuffer();
        gl::Framebuffer f = gl::createFramebuffer();
        gl::VertexArray v = gl::createVertexArray();
        gl::Sampler s = gl::createSampler();
        gl::Query q = gl::createQuery(GL_TIME_ELAPSED);
        gl::Shader sh(glCreateShader(GL_COMPUTE_SHADER));
        gl::Program p(glCreateProgram());
        gl::Buffer moved = std::move(b2); // a move is no new object
        const std::vector<gl::ObjectCount> during = gl::objectCounts();
        for (const gl::ObjectCount& c : during) {
            const int extra = std::string_view(c.kind) == "buffers" ? 2 : 1;
            EXPECT_EQ(c.live, countOf(before, c.kind).live + extra) << c.kind;
            EXPECT_EQ(c.created, countOf(before, c.kind).created + extra) << c.kind;
        }
    }
    for (const gl::ObjectCount& c : gl::objectCounts()) {
        EXPECT_EQ(c.live, countOf(before, c.kind).live) << c.kind; // all deleted again
        EXPECT_GT(c.created, countOf(before, c.kind).created) << c.kind;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {
// Writes shader files into a temporary shader directory for the duration of a test.
struct TempShaderDir {
    std::filesystem::path dir;
    std::string old;
    TempShaderDir() {
        dir = std::filesystem::temp_directory_path() / ("dicer_shader_test_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        if (const char* e = std::getenv("DICER_SHADER_DIR")) old = e;
        ::setenv("DICER_SHADER_DIR", dir.c_str(), 1);
    }
    ~TempShaderDir() {
        if (old.empty())
            ::unsetenv("DICER_SHADER_DIR");
        else
            ::setenv("DICER_SHADER_DIR", old.c_str(), 1);
        std::filesystem::remove_all(dir);
    }
    void write(const std::string& name, const std::string& text) const { std::ofstream(dir / name) << text; }
};
} // namespace

TEST(Shader, CompileErrorNamesIncludedFileAndLine) {
    TempShaderDir tmp;
    tmp.write("broken_inc.glsl",
              "#pragma once\nfloat ok() { return 1.0; }\nfloat bad() { return undefined_thing; }\n");
    tmp.write("broken.comp.glsl",
              "#version 450\nlayout(local_size_x = 1) in;\n#include \"broken_inc.glsl\"\nvoid main() {}\n");
    gl::ProgramBuild b = gl::buildProgram({"broken", {{GL_COMPUTE_SHADER, "broken.comp.glsl"}}, {}});
    EXPECT_FALSE(b.ok());
    EXPECT_NE(b.log.find("broken_inc.glsl:3"), std::string::npos) << b.log;
    glGetError();
}

TEST(Shader, DefinesAreInjectedAfterVersionAndIncludesExpandOnce) {
    TempShaderDir tmp;
    tmp.write("once.glsl", "#pragma once\nconst uint kOnce = 7u;\n");
    tmp.write("def.comp.glsl",
              "#version 450\n#include \"once.glsl\"\n#include \"once.glsl\"\n"
              "layout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { uint v; };\n"
              "void main() { v = VALUE + kOnce; }\n");
    gl::ProgramBuild b = gl::buildProgram({"def", {{GL_COMPUTE_SHADER, "def.comp.glsl"}}, {{"VALUE", "5u"}}});
    ASSERT_TRUE(b.ok()) << b.log;
    gl::Buffer buf = test::bufferStorage(4, nullptr, GL_DYNAMIC_STORAGE_BIT);
    glUseProgram(b.program.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf.id());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    unsigned v = 0;
    glGetNamedBufferSubData(buf.id(), 0, 4, &v);
    EXPECT_EQ(v, 12u);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(Shader, MissingFileIsAClearError) {
    TempShaderDir tmp;
    gl::ProgramBuild b = gl::buildProgram({"missing", {{GL_COMPUTE_SHADER, "nope.comp.glsl"}}, {}});
    EXPECT_FALSE(b.ok());
    EXPECT_NE(b.log.find("nope.comp.glsl"), std::string::npos) << b.log;
}

TEST(ShaderLibrary, ReloadKeepsLastGoodProgram) {
    TempShaderDir tmp;
    tmp.write("r.comp.glsl", "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n");
    gl::ShaderLibrary lib;
    auto id = lib.add({"r", {{GL_COMPUTE_SHADER, "r.comp.glsl"}}, {}});
    ASSERT_TRUE(id) << id.error();
    GLuint before = lib.get(*id);
    tmp.write("r.comp.glsl", "#version 450\nlayout(local_size_x = 1) in;\nvoid main() { syntax error }\n");
    auto report = lib.reloadAll();
    EXPECT_EQ(report.failed, 1);
    EXPECT_EQ(lib.get(*id), before);
    EXPECT_NE(report.log.find("r.comp.glsl:3"), std::string::npos) << report.log;
    tmp.write("r.comp.glsl", "#version 450\nlayout(local_size_x = 2) in;\nvoid main() {}\n");
    report = lib.reloadAll();
    EXPECT_EQ(report.failed, 0);
    EXPECT_NE(lib.get(*id), 0u);
    glGetError();
}

// KHR_debug to the log: a performance note once per id (NVIDIA raised #131186 thousands of times in one
// benchmark), every other message each time.
TEST(DebugOutput, PerformanceNotesAreLoggedOncePerId) {
    std::vector<std::string> lines;
    log::setSink([&](log::Level, std::string_view line) { lines.emplace_back(line); });
    const char note[] = "dicer test: a performance note";
    for (int i = 0; i < 3; ++i) {
        glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PERFORMANCE, 4242,
                             GL_DEBUG_SEVERITY_MEDIUM, -1, note);
        glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 4243, GL_DEBUG_SEVERITY_MEDIUM,
                             -1, "dicer test: another message");
    }
    glFinish();
    log::setSink(nullptr);
    int performance = 0, other = 0;
    for (const std::string& line : lines) {
        performance += line.find("#4242") != std::string::npos;
        other += line.find("#4243") != std::string::npos;
    }
    EXPECT_EQ(performance, 1);
    EXPECT_EQ(other, 3);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(StageTimers, ProduceSamplesWithoutGlErrors) {
    gl::StageTimers timers(gl::chooseTimerSource(test::context().info().timerQueriesReliable(), false));
    for (int f = 0; f < gl::Warmup::kFrames + 2 * gl::StageTimers::kRingFrames; ++f) {
        timers.beginFrame();
        {
            gl::ScopedStage s(timers, "clear");
            glClearColor(0, 0, 0, 0);
        }
        timers.endFrame();
        glFinish(); // stands in for vsync: a real frame takes long enough for the ring's results to arrive
    }
    auto stats = timers.stats();
    ASSERT_EQ(stats.size(), 1u);
    EXPECT_EQ(stats[0].name, "clear");
    EXPECT_GT(stats[0].samples, 0); // never assert on the times themselves
    DICER_EXPECT_NO_GL_ERROR();
}

// The timestamp ring (frame_ring.h) with real queries, even where their values mean nothing (llvmpipe): the
// results arrive through GL_QUERY_RESULT_AVAILABLE, one sample per stage and frame, without GL errors.
TEST(StageTimers, GpuTimestampRingDeliversSamples) {
    gl::StageTimers timers(gl::TimerSource::GpuTimestamp);
    const int frames = gl::Warmup::kFrames + 3 * gl::StageTimers::kRingFrames;
    for (int f = 0; f < frames; ++f) {
        timers.beginFrame();
        for (const char* stage : {"a", "b"}) {
            gl::ScopedStage s(timers, stage);
            glClearColor(0, 0, 0, 0);
        }
        timers.endFrame();
        glFinish(); // every query of this frame is available by the next beginFrame
    }
    auto stats = timers.stats();
    ASSERT_EQ(stats.size(), 2u);
    for (const gl::StageStats& s : stats) {
        EXPECT_GT(s.samples, 0) << s.name;
        EXPECT_LE(s.samples, frames - gl::Warmup::kFrames) << s.name; // never read twice
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The per-frame sample sink (the demo's --benchmark rows): with either source, after finish() every stage of
// every frame has arrived exactly once, tagged with the frame it was measured in (GPU results arrive late).
TEST(StageTimers, SinkGetsEveryStageOfEveryFrameOnce) {
    for (gl::TimerSource source : {gl::TimerSource::CpuFenced, gl::TimerSource::GpuTimestamp}) {
        gl::StageTimers timers(source, /*warmupFrames=*/2);
        std::vector<std::vector<std::string>> seen(6);
        timers.setSampleSink([&](int frame, std::string_view stage, double ms) {
            ASSERT_GE(frame, 0);
            ASSERT_LT(frame, int(seen.size()));
            EXPECT_GE(ms, 0.0);
            seen[size_t(frame)].emplace_back(stage);
        });
        for (size_t f = 0; f < seen.size(); ++f) {
            timers.beginFrame();
            for (const char* stage : {"a", "b"}) {
                gl::ScopedStage s(timers, stage);
                glClearColor(0, 0, 0, 0);
            }
            timers.endFrame();
            if (f + 3 < seen.size()) glFinish(); // the last 3 frames' results are still pending at finish()
        }
        timers.finish();
        for (size_t f = 0; f < seen.size(); ++f)
            EXPECT_EQ(seen[f], (std::vector<std::string>{"a", "b"}))
                << gl::timerSourceName(source) << " frame " << f;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The late readback (late_readback.h): a pushed copy comes back once its fence has signalled, exactly, once;
// nothing new is an empty span; clear() forgets what is pending; an offset picks the words. poll() returns the
// same storage every time (owned by the readback, sized at construction): the frame path's polling allocates
// nothing.
TEST(LateReadback, CopiesComeBackOnceInStorageItOwns) {
    const std::uint32_t words[] = {7u, 9u, 11u};
    gl::Buffer buffer = test::bufferStorage(sizeof words, words, GL_DYNAMIC_STORAGE_BIT, "late source");
    Result<std::unique_ptr<gl::LateReadback>> made = gl::LateReadback::create(2, "late test ring");
    ASSERT_TRUE(made) << made.error();
    gl::LateReadback& late = **made;
    EXPECT_TRUE(late.poll().empty()); // nothing pushed
    late.push(buffer.id());
    glFinish(); // stands in for the frames a real copy waits
    const std::span<const std::uint32_t> first = late.poll();
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[0], 7u);
    EXPECT_EQ(first[1], 9u);
    EXPECT_TRUE(late.poll().empty()); // read once
    const std::uint32_t* storage = first.data();

    late.push(buffer.id(), /*offset=*/4);
    glFinish();
    const std::span<const std::uint32_t> second = late.poll();
    ASSERT_EQ(second.size(), 2u);
    EXPECT_EQ(second[0], 9u);
    EXPECT_EQ(second[1], 11u);
    EXPECT_EQ(second.data(), storage); // the same storage: no allocation per poll

    late.push(buffer.id());
    late.clear(); // pending copies of an old configuration are dropped
    glFinish();
    EXPECT_TRUE(late.poll().empty());
    late.push(0); // no buffer: nothing copied
    EXPECT_TRUE(late.poll().empty());
    DICER_EXPECT_NO_GL_ERROR();
}

// The binding map (binding_ranges.h) asks more than GL's guaranteed minimum of storage-buffer bindings (8):
// this context must offer every binding the subsystems use.
TEST(BindingRanges, FitThisContextsLimits) {
    auto limit = [](GLenum name) {
        GLint v = 0;
        glGetIntegerv(name, &v);
        return v;
    };
    EXPECT_GE(limit(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), TESTBED_UNITS_END);
    // The most images one compute program declares: the list pass's four level textures, the discriminator's
    // atlas pass (three widths of the volume and the atlas).
    EXPECT_GE(limit(GL_MAX_COMPUTE_IMAGE_UNIFORMS), 4);
    EXPECT_GE(limit(GL_MAX_IMAGE_UNITS), VOXVOL_IMAGES_END);
    EXPECT_GE(limit(GL_MAX_IMAGE_UNITS), HPC_IMAGES_END);
    int highest = 0; // the highest storage range's end
    for (const bindings::Range r : bindings::kStorageBuffers)
        highest = std::max(highest, r.end);
    EXPECT_GE(highest, PS_SHATTER_BUFFERS_END);
    EXPECT_GE(limit(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS), highest);
    EXPECT_GE(limit(GL_MAX_UNIFORM_BUFFER_BINDINGS), PS_UBOS_END);
    DICER_EXPECT_NO_GL_ERROR();
}
