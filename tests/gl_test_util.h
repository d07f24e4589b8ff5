// Shared by the GL test executables: the headless context (made in gl_test_main.cpp) and a GL error check.
#pragma once

#include "allocation.h"
#include "egl_context.h"
#include "gl_debug.h"
#include "shader.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string_view>

namespace dicer::test {
// The context of this test executable (created once, before any test runs).
const gl::HeadlessContext& context();

// One T for the whole test executable, made on first use by T::create(shaders, context().info()); nullptr (and
// a test failure naming the error) if it cannot be made.
template <class T> T* sharedObject(gl::ShaderLibrary& shaders) {
    static std::unique_ptr<T> object;
    if (!object) {
        auto created = T::create(shaders, context().info());
        if (!created) {
            ADD_FAILURE() << created.error();
            return nullptr;
        }
        object = std::make_unique<T>(std::move(created.value()));
    }
    return object.get();
}

// A fixture with a fresh T per test, made in SetUp by T::create(m_shaders, context().info()) (a failure fails the
// test before its body): for objects whose state the tests drive, which one shared object would carry over.
template <class T> class FreshObjectTest : public ::testing::Test {
protected:
    void SetUp() override {
        auto created = T::create(m_shaders, context().info());
        ASSERT_TRUE(created) << created.error();
        m_object.emplace(std::move(created.value()));
    }

    gl::ShaderLibrary m_shaders;
    std::optional<T> m_object;
};

// A test's own inputs and outputs, through the checked allocations (allocation.h): a refusal fails the test
// where it happened (the handle is then empty).
inline gl::Buffer bufferStorage(GLsizeiptr size, const void* data, GLbitfield flags,
                                std::string_view label = {}) {
    Result<gl::Buffer> b = gl::allocateBuffer(size, data, flags, label);
    if (!b) {
        ADD_FAILURE() << b.error();
        return {};
    }
    return std::move(b.value());
}
inline gl::Texture texture2D(GLsizei width, GLsizei height, GLenum internalFormat, GLsizei levels,
                             std::string_view label = {}) {
    Result<gl::Texture> t = gl::allocateTexture2D(width, height, internalFormat, levels, label);
    if (!t) {
        ADD_FAILURE() << t.error();
        return {};
    }
    return std::move(t.value());
}
inline gl::Texture texture3D(GLenum target, GLsizei width, GLsizei height, GLsizei depth,
                             GLenum internalFormat, std::string_view label = {}) {
    Result<gl::Texture> t = gl::allocateTexture3D(target, width, height, depth, internalFormat, label);
    if (!t) {
        ADD_FAILURE() << t.error();
        return {};
    }
    return std::move(t.value());
}
} // namespace dicer::test

// Fails the test (with the place) if glGetError has anything queued; drains the queue either way.
#define DICER_EXPECT_NO_GL_ERROR()                                                                           \
    EXPECT_EQ(::dicer::gl::checkErrors(__FILE__ ":" DICER_TEST_STR(__LINE__)), 0)
#define DICER_TEST_STR2(x) #x
#define DICER_TEST_STR(x) DICER_TEST_STR2(x)
