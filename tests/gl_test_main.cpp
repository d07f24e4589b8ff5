// main() of every *_gltest: one headless EGL context for the whole executable, then GoogleTest.
#include "gl_test_util.h"
#include "log.h"

#include <cstdio>
#include <cstdlib>
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
