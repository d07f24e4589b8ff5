// A scalar volume as a 3D texture of its type's own format (R8I ... R32UI, R32F): the values are never
// converted, so the GPU compares the data's own numbers (order keys, shaders/volume_values.h). One upload for
// the discriminator (volume_discriminator.h) and the marching cubes (surface::McExpander).
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "scalar_volume.h"
#include "shader.h"

#include <array>
#include <string>

namespace dicer::discriminate {

// How a shader reads the texture's texels (iimage3D, uimage3D, image3D, a unit per texel width: bindVolumeImage):
// one program variant per kind,
// compiled with its define (shaders/discriminate_values.glsl) and named by its name ("... (signed values)").
enum class ValueKind { Signed, Unsigned, Float };
struct ValueKindInfo {
    const char* define;
    const char* name;
};
inline constexpr std::array<ValueKindInfo, 3> kValueKinds = {
    {{"DISC_VALUES_INT", "signed"}, {"DISC_VALUES_UINT", "unsigned"}, {"DISC_VALUES_FLOAT", "float"}}};
ValueKind valueKindOf(volume::ScalarType type);
// `desc` for value kind `kind` (an index of kValueKinds): its name with " (<kind> values)" appended, its define
// added to the others.
gl::ProgramDesc withValueKind(gl::ProgramDesc desc, std::size_t kind);
// A pass that reads the texture: one program per value kind, indexed by ValueKind.
using KindPrograms = std::array<gl::ProgramId, kValueKinds.size()>;
// `desc` built for every value kind (withValueKind) into `programs`; the first error stops.
Result<void> addKindPrograms(gl::ShaderLibrary& shaders, KindPrograms& programs, const gl::ProgramDesc& desc);

// Binds `texture` (a volume's texture in its type's own format, as uploadVolumeTexture makes it) for
// discriminate_values.glsl's reads in `program`: read-only at the image unit of its texel width, every slice,
// and the width's uniform. Image bindings are transient (binding_ranges.h): every pass that reads calls this.
void bindVolumeImage(GLuint program, GLuint texture, volume::ScalarType type);

// checkVolume, then a side beyond GL_MAX_3D_TEXTURE_SIZE is an error naming both; nearest filtering (integer
// textures are incomplete otherwise, even for texelFetch); rows tightly packed from client memory (the
// caller's unpack state is restored). An allocation or upload failure (only this call's own GL errors count)
// is an error naming the volume, its size, type and bytes. `label`: the texture's debug label.
Result<gl::Texture> uploadVolumeTexture(const volume::ScalarVolume& v, const gl::GlInfo& info,
                                        const std::string& label);

} // namespace dicer::discriminate
