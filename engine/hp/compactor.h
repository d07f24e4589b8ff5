// The base of the methods that keep their own point buffer and count (point_method.h): the compute
// HistoPyramids (hp_compute.h) and the peers (engine/peers: Horn's scan, atomic append, the CPU paths). Each is
// an hp::PointMethod (same input, same output, same checks); they differ in the order of their entries, never
// in the set (the tests compare exactly). The table that lists them with the paper variants is
// engine/methods/method_table.h.
//
// The one-pass peers (Horn's scan, atomic append, the CPU paths) write the count and min(count, capacity)
// entries in build(). Their list(Resident) has nothing left to do; list(Readback) reads the count back and, if
// the capacity was too small for it, runs again with the count as the capacity, so every entry is listed.
#pragma once

#include "gl_info.h"
#include "indirect_args.h"
#include "point_method.h"
#include "result.h"
#include "shader.h"

#include <glm/vec2.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>

namespace dicer::hp {

class Compactor : public PointMethod {
public:
    Result<void> list(const MethodInput& input, ListPath path) override;
    const CountBuffer& counts() const override { return m_counters; }
    const PointBuffer& points() const override { return m_points; }

protected:
    Compactor(gl::ShaderLibrary& shaders, const gl::GlInfo& info, const char* name, EntryOrder order);
    // The count buffer every method writes: each subclass's create() calls it (a constructor cannot report
    // that the driver refused the memory).
    Result<void> initCounters();
    // The input check of every method (hp::checkInput) with this method's largest atlas side.
    Result<glm::ivec2> checkInput(const MethodInput& input, int maxSide) const {
        return hp::checkInput(name(), input, maxSide, m_info);
    }
    // list() of the pyramids, whose list is a pass of its own, `listUpTo(capacity)`: Resident lists up to the
    // input's capacity from the count on the GPU; Readback reads the count back and lists every entry.
    template <class ListUpTo>
    Result<void> listByPass(const MethodInput& input, ListPath path, ListUpTo listUpTo) {
        m_listed.reset();
        if (path == ListPath::Resident) return listUpTo(input.capacity);
        const std::uint32_t count = readCount(); // the paper's readback
        if (Result<void> r = listUpTo(std::max(count, 1u)); !r) return r;
        m_listed = count;
        return {};
    }
    // Sets the tiling uniforms of `program` and binds the point buffer.
    void bindPointOutput(GLuint program, const MethodInput& input, glm::ivec2 atlasSize) const;
    // The GPU-resident methods size their output pass from the count without a readback: a one-thread pass
    // (hp_list_args.comp.glsl) turns counterBuffer() into indirect dispatch arguments clamped to `capacity`.
    Result<void> initDispatchArgs(gl::ShaderLibrary& shaders);
    // Leaves the arguments on GL_DISPATCH_INDIRECT_BUFFER.
    void writeDispatchArgs(std::uint32_t capacity) { m_args.write(m_counters.id(), capacity); }
    GLuint argsBuffer() const { return m_args.buffer(); } // HP_ARGS_* layout (hp_shared.h)

    gl::ShaderLibrary* m_shaders = nullptr;
    gl::GlInfo m_info;
    hp::PointBuffer m_points;
    hp::CountBuffer m_counters;
    hp::IndirectArgs m_args;
};

} // namespace dicer::hp
