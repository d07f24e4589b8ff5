// The variant table: the paper's four HistoPyramid build/traversal layouts behind one interface.
// An explicit table (no static self-registration): {name, isAvailable, create}; the UI switches an index.
#pragma once

#include "gl_info.h"
#include "histopyramid.h"

#include <memory>
#include <span>
#include <string_view>

namespace dicer::hp {

struct VariantInfo {
    const char* name;
    const char* summary;
    bool supportsUint; // dicer_bil filters, so it has float storage only
    bool (*isAvailable)(const gl::GlInfo& info);
    Result<std::unique_ptr<HistoPyramid>> (*create)(gl::ShaderLibrary& shaders, Storage storage);
};

std::span<const VariantInfo> variantTable();
const VariantInfo* findVariant(std::string_view name);

// Creates by name; unknown names, unavailable variants and unsupported storage give one clear error.
Result<std::unique_ptr<HistoPyramid>> createVariant(std::string_view name, gl::ShaderLibrary& shaders,
                                                    const gl::GlInfo& info,
                                                    Storage storage = Storage::Uint32);
// The storage a variant uses when the caller asks for `wanted` (dicer_bil: always float32).
Storage effectiveStorage(const VariantInfo& variant, Storage wanted);

// Factories, one per implementation file.
Result<std::unique_ptr<HistoPyramid>> createSingle(gl::ShaderLibrary& shaders, Storage storage);
Result<std::unique_ptr<HistoPyramid>> createVec4(gl::ShaderLibrary& shaders, Storage storage);
Result<std::unique_ptr<HistoPyramid>> createRect(gl::ShaderLibrary& shaders, Storage storage);
Result<std::unique_ptr<HistoPyramid>> createBilinear(gl::ShaderLibrary& shaders, Storage storage);

} // namespace dicer::hp
