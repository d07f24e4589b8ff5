// One small interface for the GPU sorts of uint keys in [0, m) and their explicit table (no self-registration):
// the HistoPyramid counting sort and its peers, which the tests and dicer-bench --sort iterate.
// A sort reads n keys from a shader storage buffer and writes n sorted keys and the permutation (slot k ->
// input index of sorted key k) into buffers it owns. Keys >= m are never written out of bounds: a validation
// in the first pass records them in a status word that checkStatus() reads.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "row_table.h"
#include "shader.h"
#include "xray.h"
#include "xray_levels.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace dicer::sort {

struct SortInput {
    GLuint keys = 0;         // SSBO of n uints
    std::uint32_t n = 0;     // keys
    std::uint32_t m = 1;     // key range [0, m), 1 <= m <= 2^20
    bool permutation = true; // also the permutation (false: sorted keys only, where a sort can skip it)
};

class Sorter {
public:
    virtual ~Sorter() = default;
    Sorter(const Sorter&) = delete;
    Sorter& operator=(const Sorter&) = delete;

    virtual const char* name() const = 0;
    // Equal keys keep their input order in the permutation.
    virtual bool stable() const = 0;
    // Honours SortInput::permutation = false (sorted keys alone, cheaper); otherwise it is always written.
    virtual bool sortsKeysAlone() const { return false; }
    // Records the passes (no CPU wait). Errors: m out of [1, 2^20], n beyond the storage-block limit.
    virtual Result<void> sort(const SortInput& input) = 0;

    GLuint sortedKeys() const { return m_outKeys.id(); }
    GLuint permutation() const { return m_outPerm.id(); }
    // Waits for the GPU: an error naming the first key >= m when the validation flagged one.
    Result<void> checkStatus() const;
    std::vector<std::uint32_t> readKeys(std::uint32_t n) const { return read(sortedKeys(), n); }
    std::vector<std::uint32_t> readPermutation(std::uint32_t n) const { return read(permutation(), n); }

    // The X-ray (hp/xray_levels.h, sort_xray.h): the levels of the pyramid the last sort built, base first (none:
    // a sort without one), drawn into the view's tiles from the GPU buffer; and sorted slot k followed down it by
    // the sort's own descent pass (waits for the GPU: a tool, never the frame). Errors: nothing sorted, k beyond
    // the keys, a sort without a pyramid.
    virtual std::vector<hp::XrayLevel> xrayLevels() const { return {}; }
    virtual Result<void> drawXray(std::span<const hp::XrayTile> /*tiles*/, const hp::XrayCanvas& /*canvas*/) {
        return makeError(std::string(name()) + " builds no pyramid");
    }
    virtual Result<hp::XrayPath> trace(std::uint32_t /*k*/) {
        return makeError(std::string(name()) + " builds no pyramid to follow a key down");
    }
    // A traced path's lines: one a step, then the bucket found.
    virtual std::vector<std::string> describeXray(const hp::XrayPath& /*path*/) const { return {}; }

protected:
    Sorter(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : m_shaders(&shaders), m_maxBlockBytes(info.maxStorageBlockBytes) {}
    static std::vector<std::uint32_t> read(GLuint buffer, std::uint32_t n);
    // The common checks of an input; resizes the outputs (m_outKeys, m_outPerm; with `pingPong` also
    // m_keysB, m_permB) to n and resets the status word. Binds the status buffer.
    Result<void> begin(const SortInput& input, bool pingPong);
    static void dispatchFolded(std::uint32_t invocations); // SORT_LOCAL_SIZE per group, folded to 2D

    gl::ShaderLibrary* m_shaders;
    std::int64_t m_maxBlockBytes; // GlInfo::maxStorageBlockBytes: the largest key buffer a pass may bind
    gl::Buffer m_outKeys, m_outPerm, m_keysB, m_permB, m_status;
    std::uint32_t m_capacity = 0;
    GLuint m_lastKeys = 0; // the keys buffer and range of the last sort (checkStatus names the bad key)
    std::uint32_t m_lastM = 0;
};

// The table: every GPU sort, in the order the bench prints them.
struct SorterInfo : gl::RowHead<Sorter> {};
using SorterId = gl::RowId<SorterInfo>;
std::span<const SorterInfo> sorterTable();

} // namespace dicer::sort
