#include "xray_draw.h"

#include "hp_xray.h"

namespace dicer::hp {

void dispatchXrayTiles(GLuint program, std::span<const XrayTile> tiles, const XrayCanvas& canvas) {
    glBindImageTexture(HP_IMAGE_XRAY_CANVAS, canvas.texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_XRAY_TOTALS, canvas.totals);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT); // the build's levels
    for (const XrayTile& t : tiles) {
        glProgramUniform1i(program, HP_LOC_XRAY_LEVEL, t.level);
        glProgramUniform2i(program, HP_LOC_XRAY_NODES, t.nodes.x, t.nodes.y);
        glProgramUniform2i(program, HP_LOC_XRAY_ORIGIN, t.origin.x, t.origin.y);
        glProgramUniform1i(program, HP_LOC_XRAY_BLOCK, t.block);
        glProgramUniform2i(program, HP_LOC_XRAY_PIXELS, t.pixels.x, t.pixels.y);
        glProgramUniform2i(program, HP_LOC_XRAY_AT, t.at.x, t.at.y);
        glProgramUniform1i(program, HP_LOC_XRAY_SLOT, t.slot);
        glDispatchCompute(GLuint((t.pixels.x + HP_XRAY_LOCAL_SIZE - 1) / HP_XRAY_LOCAL_SIZE),
                          GLuint((t.pixels.y + HP_XRAY_LOCAL_SIZE - 1) / HP_XRAY_LOCAL_SIZE), 1);
    }
    // The view reads the canvas by texel fetch and the totals as a buffer (a late copy and the colour pass).
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                    GL_BUFFER_UPDATE_BARRIER_BIT);
}

} // namespace dicer::hp
