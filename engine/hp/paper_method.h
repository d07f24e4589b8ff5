// The paper's HistoPyramid as a PointMethod: one of the four variants (dicer_single, dicer_vec4, dicer_rect,
// dicer_bil) builds the pyramid, the PointList builder lists it, on the paper's path (the count read back to
// size the list) or the GPU-resident one (indirect dispatch). Storage and build path are options: a pyramid
// of each supported storage is made at creation, so switching storage is an index switch, not a recompile.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#pragma once

#include "histopyramid.h"
#include "point_list.h"
#include "point_method.h"

#include <memory>

namespace dicer::hp {

// The variants' factories: createMip<kDicerSingle / kDicerVec4 / kDicerBil> (hp_mip.h) and createRect.
using PyramidFactory = Result<std::unique_ptr<HistoPyramid>> (*)(gl::ShaderLibrary& shaders,
                                                                 const gl::GlInfo& info, Storage storage);
Result<std::unique_ptr<HistoPyramid>> createRect(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                 Storage storage);

class PaperMethod final : public PointMethod {
public:
    // uintStorage: whether the variant has uint32 storage (dicer_bil has not: its uint32 is float32).
    static Result<std::unique_ptr<PaperMethod>> create(PyramidFactory factory, bool uintStorage,
                                                       gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                       const MethodOptions& options);

    void setOptions(const MethodOptions& options) override { m_options = options; }
    Result<void> build(const MethodInput& input) override;
    Result<void> list(const MethodInput& input, ListPath path) override;
    const CountBuffer& counts() const override { return pyramid().counts(); }
    const PointBuffer& points() const override { return m_list.points(); }
    std::vector<XrayLevel> xrayLevels() const override;
    Result<XrayPath> trace(std::uint32_t k) override; // the list's traversal with HP_XRAY (histopyramid_xray.cpp)
    Result<void> drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) override;

    Storage storage() const { return m_uintStorage ? m_options.storage : Storage::Float32; } // in use
    HistoPyramid& pyramid() const { return *m_pyramids[int(storage())]; }
    const PointList& pointList() const { return m_list; }

private:
    PaperMethod(const char* name, PointList list, bool uintStorage)
        : PointMethod(name, EntryOrder::KeyIndex), m_list(std::move(list)), m_uintStorage(uintStorage) {}

    std::unique_ptr<HistoPyramid> m_pyramids[2]; // [Storage]
    PointList m_list;
    bool m_uintStorage;
    MethodOptions m_options;
};

} // namespace dicer::hp
