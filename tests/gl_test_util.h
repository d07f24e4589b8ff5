// Shared by the GL test executables: the headless context (made in gl_test_main.cpp) and a GL error check.
#pragma once

#include "egl_context.h"
#include "gl_debug.h"

#include <gtest/gtest.h>

namespace dicer::test {
// The context of this test executable (created once, before any test runs).
const gl::HeadlessContext& context();
} // namespace dicer::test

// Fails the test (with the place) if glGetError has anything queued; drains the queue either way.
#define DICER_EXPECT_NO_GL_ERROR()                                                                           \
    EXPECT_EQ(::dicer::gl::checkErrors(__FILE__ ":" DICER_TEST_STR(__LINE__)), 0)
#define DICER_TEST_STR2(x) #x
#define DICER_TEST_STR(x) DICER_TEST_STR2(x)
