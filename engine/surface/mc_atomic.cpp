// Atomic-append marching cubes (mc_atomic.h): the programs and the one pass; the volume, the cases, the header,
// the arguments and the vertices are the base's (mc_method.cpp).
#include "mc_atomic.h"

#include "gl_debug.h"

namespace dicer::surface {

Result<std::unique_ptr<McMethod>> McAtomic::createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<McAtomic> e(new McAtomic(shaders, info));
    Result<void> r = discriminate::addKindPrograms(
        shaders, e->m_pass, {"atomic_mc pass", {{GL_COMPUTE_SHADER, "mc_atomic.comp.glsl"}}, {}});
    if (r) r = e->initShared("atomic_mc arguments");
    if (!r) return makeError(r.error());
    return std::unique_ptr<McMethod>(std::move(e));
}

void McAtomic::writeVertices() {
    gl::DebugGroup group("atomic_mc");
    // The counter starts at 0 on every run: a GL clear, in order with the passes (no readback, no stall).
    const std::uint32_t zero = 0;
    glClearNamedBufferSubData(m_header.id(), GL_R32UI, totalOffset(), 4, GL_RED_INTEGER, GL_UNSIGNED_INT,
                              &zero);
    bindPlacement(useWordsProgram(m_pass));
    bindVertexOutput();
    dispatchItems(m_words);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    writeDrawArgs(MC_TOTAL_IN_HEADER); // the counter is the total
    finishVertexWrites();
}

} // namespace dicer::surface
