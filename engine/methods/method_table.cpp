#include "method_table.h"

#include "dicer_shared.h"
#include "hp5.h"
#include "hp_compute.h"
#include "hp_mip.h"
#include "hp_sparse.h"
#include "paper_method.h"
#include "peers.h"

#include <algorithm>
#include <string>

namespace dicer::methods {
namespace {
using hp::BuildPath;
using hp::EntryOrder;
using hp::Storage;

// Availability means the method can run the smallest preset (64^3: a 512^2 atlas, 262 144 points) on this
// context; larger inputs are checked against the same GlInfo limits by build(), with an error naming the
// limit.
constexpr int kMinAtlasSide = 512;
constexpr std::int64_t kMinPoints = 64 * 64 * 64;

bool pointsFit(const gl::GlInfo& info) {
    return hp::PointBuffer::maxEntries(info) >= kMinPoints && info.maxTextureSize >= kMinAtlasSide;
}
bool mipChain(const gl::GlInfo& info) { // reductions: a compute pass of HP_REDUCE_LOCAL_SIZE^2 or a draw
    return pointsFit(info) && info.maxComputeInvocations >= HP_REDUCE_LOCAL_SIZE * HP_REDUCE_LOCAL_SIZE;
}
bool rectangle(const gl::GlInfo& info) { // every level side by side in one rectangle texture N-1 wide
    return mipChain(info) && info.maxRectangleTextureSize >= kMinAtlasSide;
}
bool computePyramid(const gl::GlInfo& info) {
    return pointsFit(info) && info.maxComputeInvocations >= HPC_LOCAL_SIZE * HPC_LOCAL_SIZE;
}
bool bitsPyramid(const gl::GlInfo& info) { // the smallest preset's bits in one storage block
    return computePyramid(info) && info.maxStorageBlockBytes >= hp::hpBitsBytes(kMinAtlasSide);
}
bool sparsePyramid(const gl::GlInfo& info) { // its build groups; the sparse occupancy's scan groups (256)
    return pointsFit(info) && info.maxComputeInvocations >= std::max(HPS_LOCAL_SIZE, SPARSE_SCAN_LOCAL_SIZE);
}
bool hp5Pyramid(const gl::GlInfo& info) { // its 64-invocation passes; the words of the smallest preset's atlas
    return pointsFit(info) && info.maxComputeInvocations >= HP5_LOCAL_SIZE;
}
bool hornScan(const gl::GlInfo& info) { // one uint per atlas texel, bound as one storage block
    return pointsFit(info) && info.maxComputeInvocations >= HORN_SCAN_LOCAL_SIZE &&
           info.maxStorageBlockBytes >= std::int64_t(kMinAtlasSide) * kMinAtlasSide * 4;
}
bool atomicAppend(const gl::GlInfo& info) {
    return pointsFit(info) && info.maxComputeInvocations >= APPEND_LOCAL_SIZE * APPEND_LOCAL_SIZE;
}

template <hp::PyramidFactory factory, bool uintStorage>
Result<std::unique_ptr<hp::PointMethod>> paper(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                               const hp::MethodOptions& options) {
    auto m = hp::PaperMethod::create(factory, uintStorage, shaders, info, options);
    if (!m) return makeError(m.error());
    return std::unique_ptr<hp::PointMethod>(std::move(m.value()));
}
template <Result<std::unique_ptr<hp::PointMethod>> (*factory)(gl::ShaderLibrary&, const gl::GlInfo&)>
Result<std::unique_ptr<hp::PointMethod>> peer(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                              const hp::MethodOptions&) {
    return factory(shaders, info);
}

constexpr Storage kBothStorages[] = {Storage::Uint32, Storage::Float32};
constexpr Storage kFloatOnly[] = {Storage::Float32}; // dicer_bil filters: float32 only
constexpr BuildPath kBothPaths[] = {BuildPath::Compute, BuildPath::Fragment};
constexpr std::span<const Storage> kNoStorage;
constexpr std::span<const BuildPath> kNoPath;

// clang-format off
// One row per line. The GL test groups and the demo window tests per row are registered from this table at CTest
// time (tests/method_rows.cpp, tests/method_tests.cmake): a new row is tested without touching CMake.
constexpr MethodInfo kMethods[] = {
    {{"dicer_single", "dicer_single", "GL_TEXTURE_2D mip chain, one count per texel",
      mipChain, paper<hp::createMip<hp::kDicerSingle>, true>},
     Family::PaperHistoPyramid, occupancy::VoxelOutput::Atlas, EntryOrder::KeyIndex, kBothStorages, kBothPaths, true},
    {{"dicer_vec4", "dicer_vec4", "mip chain of four children's sums per texel: one fetch per level",
      mipChain, paper<hp::createMip<hp::kDicerVec4>, true>},
     Family::PaperHistoPyramid, occupancy::VoxelOutput::Atlas, EntryOrder::KeyIndex, kBothStorages, kBothPaths, true},
    {{"dicer_rect", "dicer_rect", "GL_TEXTURE_RECTANGLE pseudo-mipmap, levels side by side",
      rectangle, paper<hp::createRect, true>},
     Family::PaperHistoPyramid, occupancy::VoxelOutput::Atlas, EntryOrder::KeyIndex, kBothStorages, kBothPaths, true},
    {{"dicer_bil", "dicer_bil", "single + one bilinear fetch x4 per reduction (float32 only)",
      mipChain, paper<hp::createMip<hp::kDicerBil>, false>},
     Family::PaperHistoPyramid, occupancy::VoxelOutput::Atlas, EntryOrder::KeyIndex, kFloatOnly, kBothPaths, true},
    {{"hp_compute", "hp_compute", "compute HistoPyramid: 6 levels per dispatch in shared memory, packed integer levels",
      computePyramid, peer<hp::createComputeHistoPyramid>},
     Family::ComputeHistoPyramid, occupancy::VoxelOutput::Atlas, EntryOrder::KeyIndex, kNoStorage, kNoPath, true},
    {{"hp_bits", "hp_bits", "hp_compute over the occupancy bits (1 bit/voxel): popcounts for levels 1-3, the same upper levels and list",
      bitsPyramid, peer<hp::createBitsHistoPyramid>},
     Family::ComputeHistoPyramid, occupancy::VoxelOutput::Bits, EntryOrder::KeyIndex, kNoStorage, kNoPath, true},
    {{"hp_sparse", "hp_sparse", "a 1D HistoPyramid over the sparse occupancy's marked 32x32 bricks: build follows the surface, list = hp_bits'",
      sparsePyramid, peer<hp::createSparseHistoPyramid>},
     Family::ComputeHistoPyramid, occupancy::VoxelOutput::Sparse, EntryOrder::KeyIndex, kNoStorage, kNoPath, true},
    {{"hp5", "hp5", "5:1 HistoPyramid over 32-cell occupancy words: uvec4 nodes, one fetch and four compares a level down",
      hp5Pyramid, peer<hp::createHp5HistoPyramid>},
     Family::ComputeHistoPyramid, occupancy::VoxelOutput::Atlas, EntryOrder::RowMajor, kNoStorage, kNoPath, true},
    {{"horn_scan", "horn_scan", "Horn 2005: work-efficient prefix sum (Blelloch) + binary-search gather",
      hornScan, peer<peers::createHornScan>},
     Family::GpuPeer, occupancy::VoxelOutput::Atlas, EntryOrder::RowMajor, kNoStorage, kNoPath, false},
    {{"atomic_append", "atomic_append", "one compute pass, work-group aggregated atomic counter (unordered)",
      atomicAppend, peer<peers::createAtomicAppend>},
     Family::GpuPeer, occupancy::VoxelOutput::Atlas, EntryOrder::Unordered, kNoStorage, kNoPath, false},
    {{"cpu_linewise", "cpu_linewise", "download, single-threaded line-wise CPU scan, upload (the 2006 CPU path)",
      pointsFit, peer<peers::createCpuLinewise>},
     Family::CpuPeer, occupancy::VoxelOutput::Atlas, EntryOrder::RowMajor, kNoStorage, kNoPath, false},
    {{"cpu_threaded", "cpu_threaded", "download, line-wise CPU scan on hardware_concurrency threads, upload",
      pointsFit, peer<peers::createCpuThreaded>},
     Family::CpuPeer, occupancy::VoxelOutput::Atlas, EntryOrder::RowMajor, kNoStorage, kNoPath, false},
};
// clang-format on
} // namespace

const char* familyName(Family family) {
    static constexpr const char* kNames[] = {"paper HistoPyramid", "compute HistoPyramid", "GPU peer",
                                             "CPU peer"}; // in enumerator order
    return kNames[int(family)];
}

bool MethodInfo::offersStorage(Storage storage) const {
    for (Storage s : storages)
        if (s == storage) return true;
    return false;
}

Storage MethodInfo::storageFor(Storage wanted) const {
    return offersStorage(wanted) || storages.empty() ? wanted : storages.front();
}

std::span<const MethodInfo> methodTable() {
    return kMethods;
}

Result<std::unique_ptr<hp::PointMethod>> createMethod(std::string_view name, gl::ShaderLibrary& shaders,
                                                      const gl::GlInfo& info,
                                                      const hp::MethodOptions& options) {
    Result<MethodId> id = gl::lookupRow("method", name, methodTable());
    if (!id) return makeError(id.error());
    const MethodInfo* m = &methodInfo(*id);
    if (!m->isAvailable(info))
        return makeError(std::string(m->name) + " is not available on " + info.renderer);
    hp::MethodOptions o = options;
    o.storage = m->storageFor(options.storage);
    return m->create(shaders, info, o);
}

std::string MethodConfig::label() const {
    std::string s = method->name;
    if (!method->storages.empty()) s += std::string(" ") + hp::storageName(options.storage);
    if (!method->buildPaths.empty()) s += std::string(" ") + hp::buildPathName(options.buildPath);
    return s;
}

std::string MethodConfig::identifier() const {
    std::string s = label();
    std::replace(s.begin(), s.end(), ' ', '_');
    return s;
}

std::vector<MethodConfig> methodConfigs() {
    std::vector<MethodConfig> out;
    for (const MethodInfo& m : kMethods) {
        const Storage defaultStorage[] = {Storage::Uint32};
        const BuildPath defaultPath[] = {BuildPath::Compute};
        std::span<const Storage> storages =
            m.storages.empty() ? std::span<const Storage>(defaultStorage) : m.storages;
        std::span<const BuildPath> paths =
            m.buildPaths.empty() ? std::span<const BuildPath>(defaultPath) : m.buildPaths;
        for (BuildPath path : paths)
            for (Storage storage : storages)
                out.push_back({&m, {storage, path}});
    }
    return out;
}

} // namespace dicer::methods
