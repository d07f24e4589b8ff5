#include "point_method.h"

#include "hp_point.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace dicer::hp {

// Names in enumerator order.
const char* entryOrderName(EntryOrder order) {
    static constexpr const char* kNames[] = {"row-major", "key-index", "unordered"};
    return kNames[int(order)];
}
const char* listPathName(ListPath path) {
    static constexpr const char* kNames[] = {"readback", "resident"};
    return kNames[int(path)];
}
const char* storageName(Storage storage) {
    static constexpr const char* kNames[] = {"uint32", "float32"};
    return kNames[int(storage)];
}
const char* buildPathName(BuildPath path) {
    static constexpr const char* kNames[] = {"compute", "fragment"};
    return kNames[int(path)];
}

gl::Sampler createAtlasSampler(const std::string& label) {
    gl::Sampler s = gl::createSampler(label);
    glSamplerParameteri(s.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(s.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glSamplerParameteri(s.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(s.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return s;
}

Result<glm::ivec2> checkInput(const char* who, const MethodInput& input, int maxSide,
                              const gl::GlInfo& info) {
    const std::string name = who;
    if (!std::isfinite(input.threshold)) return makeError(name + ": threshold is not a finite number");
    if (input.capacity == 0) return makeError(name + ": capacity must be at least 1");
    if (input.capacity > PointBuffer::maxEntries(info)) // the point buffer is bound as one block
        return makeError(name + ": capacity of " + std::to_string(input.capacity) +
                         " entries is beyond this driver's limit of " +
                         std::to_string(PointBuffer::maxEntries(info)) +
                         " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    if (input.atlas == 0 || !glIsTexture(input.atlas)) return makeError(name + ": input is not a texture");
    GLint target = 0, format = 0, width = 0, height = 0;
    glGetTextureParameteriv(input.atlas, GL_TEXTURE_TARGET, &target);
    if (target != GL_TEXTURE_2D) return makeError(name + ": input must be a GL_TEXTURE_2D");
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_WIDTH, &width);
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_HEIGHT, &height);
    if (format != GL_RGBA8) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s: input must be RGBA8 (GL_RGBA8), got internal format 0x%04x", who,
                      unsigned(format));
        return makeError(buf);
    }
    if (width < 1 || height < 1) return makeError(name + ": input has no texels");
    if (width > maxSide || height > maxSide)
        return makeError(name + ": input " + std::to_string(width) + "x" + std::to_string(height) +
                         " is beyond this method's limit of " + std::to_string(maxSide) + " texels a side");
    return glm::ivec2(width, height);
}

} // namespace dicer::hp
