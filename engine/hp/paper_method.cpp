#include "paper_method.h"

#include <cstdint>

namespace dicer::hp {

Result<std::unique_ptr<PaperMethod>> PaperMethod::create(PyramidFactory factory, bool uintStorage,
                                                         gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                         const MethodOptions& options) {
    auto list = PointList::create(shaders, info);
    if (!list) return makeError(list.error());
    std::unique_ptr<HistoPyramid> pyramids[2];
    for (Storage storage : {Storage::Uint32, Storage::Float32}) {
        if (storage == Storage::Uint32 && !uintStorage) continue;
        auto pyramid = factory(shaders, info, storage);
        if (!pyramid) return makeError(pyramid.error());
        pyramids[int(storage)] = std::move(pyramid.value());
    }
    // Private constructor (a method exists only fully built): make_unique cannot reach it.
    std::unique_ptr<PaperMethod> m(
        new PaperMethod(pyramids[int(Storage::Float32)]->name(), std::move(list.value()), uintStorage));
    for (int s = 0; s < 2; ++s)
        m->m_pyramids[s] = std::move(pyramids[s]);
    m->setOptions(options);
    return m;
}

Result<void> PaperMethod::build(const MethodInput& input) {
    HistoPyramid& pyr = pyramid();
    // The capacity too (the GPU-resident list needs it); any side passes: the pyramid names its own limit.
    if (auto size = checkInput(name(), input, INT32_MAX, pyr.info()); !size) return makeError(size.error());
    pyr.setBuildPath(m_options.buildPath);
    m_listed.reset();
    return pyr.build(input.atlas, input.threshold, input.tiling);
}

Result<void> PaperMethod::list(const MethodInput& input, ListPath path) {
    m_listed.reset();
    if (path == ListPath::Resident) return m_list.buildIndirect(pyramid(), input.capacity);
    if (Result<void> r = m_list.build(pyramid()); !r) return r;
    m_listed = m_list.count();
    return {};
}

} // namespace dicer::hp
