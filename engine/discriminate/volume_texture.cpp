#include "volume_texture.h"

#include "allocation.h"
#include "discriminate_shared.h"
#include "gl_debug.h"

#include <algorithm>
#include <bit>
#include <iterator>

namespace dicer::discriminate {
namespace {

struct TextureFormat {
    GLenum internal, format, type;
};

TextureFormat textureFormat(volume::ScalarType type) {
    static constexpr TextureFormat kFormats[] = {
        {GL_R8I, GL_RED_INTEGER, GL_BYTE},   {GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE},
        {GL_R16I, GL_RED_INTEGER, GL_SHORT}, {GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT},
        {GL_R32I, GL_RED_INTEGER, GL_INT},   {GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT},
        {GL_R32F, GL_RED, GL_FLOAT}}; // ScalarType's enumerator order
    static_assert(std::size(kFormats) == std::tuple_size_v<volume::ScalarValueTypes>);
    return kFormats[std::size_t(type)];
}

std::string sizeText(glm::ivec3 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

} // namespace

void bindVolumeImage(GLuint program, GLuint texture, volume::ScalarType type) {
    const int bytes = volume::bytesPerValue(type);
    static_assert(DISC_IMAGE_VOLUME_16 == DISC_IMAGE_VOLUME_8 + 1 &&
                  DISC_IMAGE_VOLUME_32 == DISC_IMAGE_VOLUME_8 + 2);
    const auto unit =
        GLuint(DISC_IMAGE_VOLUME_8 + std::countr_zero(unsigned(bytes))); // 1, 2, 4 bytes: 8, 16, 32
    glBindImageTexture(unit, texture, 0, GL_TRUE, 0, GL_READ_ONLY, textureFormat(type).internal);
    // Only where the program reads it (not the float kind, whose one width needs no choice, nor a pass that reads
    // no sample): setting an inactive uniform's location is an error.
    if (glGetUniformLocation(program, "u_valueBytes") == DISC_LOC_VALUE_BYTES)
        glProgramUniform1i(program, DISC_LOC_VALUE_BYTES, bytes);
}

gl::ProgramDesc withValueKind(gl::ProgramDesc desc, std::size_t kind) {
    const ValueKindInfo& k = kValueKinds.at(kind);
    return gl::withDefine(std::move(desc), k.define, std::string(k.name) + " values");
}

Result<void> addKindPrograms(gl::ShaderLibrary& shaders, KindPrograms& programs,
                             const gl::ProgramDesc& desc) {
    Result<void> r;
    for (std::size_t k = 0; k < kValueKinds.size() && r; ++k)
        r = shaders.addInto(programs[k], withValueKind(desc, k));
    return r;
}

ValueKind valueKindOf(volume::ScalarType type) {
    using volume::ScalarType;
    if (type == ScalarType::Float32) return ValueKind::Float;
    const bool isSigned = type == ScalarType::Int8 || type == ScalarType::Int16 || type == ScalarType::Int32;
    return isSigned ? ValueKind::Signed : ValueKind::Unsigned;
}

Result<gl::Texture> uploadVolumeTexture(const volume::ScalarVolume& v, const gl::GlInfo& info,
                                        const std::string& label) {
    if (Result<void> r = volume::checkVolume(v); !r) return makeError(r.error());
    const int largest = std::max({v.size.x, v.size.y, v.size.z});
    if (largest > info.max3DTextureSize)
        return makeError("volume '" + v.name + "' (" + sizeText(v.size) + ") has a side of " +
                         std::to_string(largest) + " voxels, beyond this driver's GL_MAX_3D_TEXTURE_SIZE " +
                         std::to_string(info.max3DTextureSize));
    const TextureFormat f = textureFormat(v.type);
    Result<gl::Texture> allocated =
        gl::allocateTexture3D(GL_TEXTURE_3D, v.size.x, v.size.y, v.size.z, f.internal, label);
    if (!allocated) return makeError(allocated.error());
    gl::Texture texture = std::move(allocated.value());
    // The upload's own errors: one left pending by earlier code is logged as such.
    gl::ErrorScope errors("uploadVolumeTexture");
    glTextureParameteri(texture.id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(texture.id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLint alignment = 4, unpackBuffer = 0;
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
    glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpackBuffer);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glTextureSubImage3D(texture.id(), 0, 0, 0, 0, v.size.x, v.size.y, v.size.z, f.format, f.type,
                        v.data.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, GLuint(unpackBuffer));
    if (errors.ownErrors() != 0)
        return makeError("uploading volume '" + v.name + "' (" + sizeText(v.size) + " " +
                         volume::scalarTypeName(v.type) + ", " + std::to_string(v.byteCount()) +
                         " bytes) as a 3D texture failed (" + gl::errorName(errors.firstError()) + ")");
    return texture;
}

} // namespace dicer::discriminate
