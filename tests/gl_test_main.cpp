// main() of every *_gltest: one headless EGL context for the whole executable, then GoogleTest.
#include "gl_test_util.h"
#include "log.h"
#include "shader_dump.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {
std::unique_ptr<dicer::gl::HeadlessContext> g_context;
}

const dicer::gl::HeadlessContext& dicer::test::context() {
    return *g_context;
}

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS(); // CTest discovery needs no GL
    // --dump-shaders DIR, as in dicer and dicer-bench: the programs only a GL test builds reach the
    // reference compiler's check too (tests/shader_programs.sh).
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--dump-shaders") != 0) continue;
        if (i + 1 == argc) {
            std::fprintf(stderr, "--dump-shaders needs a folder\n");
            return 2;
        }
        if (dicer::Result<void> r = dicer::gl::dumpShadersTo(argv[i + 1]); !r) {
            std::fprintf(stderr, "--dump-shaders: %s\n", r.error().c_str());
            return 2;
        }
    }

    dicer::gl::HeadlessOptions options;
    options.debugContext = true; // synchronous KHR_debug: an error is reported inside the offending call
    auto context = dicer::gl::HeadlessContext::create(options);
    if (!context) {
        std::fprintf(stderr, "cannot run GL tests: %s\n", context.error().c_str());
        return 1;
    }
    g_context = std::move(context.value());
    std::printf("GL: %s via EGL %s\n", g_context->info().summary().c_str(),
                g_context->platformName().c_str());
    int rc = RUN_ALL_TESTS();
    g_context.reset();
    return rc;
}
