// What every part of a dicer-bench run shares: the options, the GL objects made once (shader library, copy
// pass, point list), the report being filled, the timer, and a progress line on stderr for long runs.
#pragma once

#include "atlas_to_bits.h"
#include "bench_options.h"
#include "bench_report.h"
#include "bench_source.h"
#include "copy_pass.h"
#include "gl_info.h"
#include "hp_reference.h"
#include "point_method.h"
#include "read_pass.h"
#include "sparse_occupancy.h"

#include <glm/vec4.hpp>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace dicer::bench {

// "64x64x32": a volume's size as the tables write it.
inline std::string sizeText(glm::ivec3 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

// The read floor's buffer: a stage that reads its input once is set beside one read of this (b.read over it):
// 64 MiB, large enough to hide a dispatch's cost, or the driver's largest storage block if smaller; zeros.
struct ReadFloorBuffer {
    gl::Buffer buffer;
    std::int64_t bytes = 0;
};
Result<ReadFloorBuffer> makeReadFloorBuffer(const gl::GlInfo& info);

// "[  12.3 s] peers 4096²: horn_scan" on stderr; rewritten in place on a terminal, one line each otherwise.
class Progress {
public:
    Progress();
    void step(const std::string& what);
    void finish(); // ends the in-place line
private:
    double m_start;
    bool m_tty;
    size_t m_lastLength = 0;
};

// What every method must produce for one atlas.
struct Expected {
    std::vector<glm::uvec4> rowMajor; // the reference entries in row-major order
    std::vector<glm::uvec4> sorted;   // the voxel set, sorted (hp::sortedEntries)
    hp::CpuPyramid pyramid;           // key-index order reference (empty when too large to build)
    std::vector<glm::uvec4> keyIndex; // its entries in key-index order (empty without the pyramid)

    // The entries in the order a method of `order` writes them; nullptr for unordered methods.
    const std::vector<glm::uvec4>* inOrder(hp::EntryOrder order) const {
        if (order == hp::EntryOrder::Unordered) return nullptr;
        return order == hp::EntryOrder::RowMajor ? &rowMajor : &keyIndex;
    }
};
Expected expectedFor(const BenchAtlas& atlas, std::uint32_t thresholdByte, bool withPyramid);

// What one row of the method table reads for an atlas (MethodInfo::input: the atlas itself, or its occupancy
// bits made on the GPU, untimed) and the compute read floor over those bytes.
struct RowInput {
    hp::MethodInput input;
    gl::Summary read; // the read pass over `bytes`
    double readMs() const { return read.median; }
    std::int64_t bytes =
        0; // atlas: width x height x 4; bits: hpBitsBytes(side); sparse: the used slots' bits
};

struct Bench {
    const Options& opt;
    const gl::GlInfo& info;
    gl::ShaderLibrary& shaders;
    testbed::CopyPass& copy;
    testbed::ReadPass& read;
    AtlasSource& source;
    Report report;
    Progress progress;
    std::unique_ptr<peers::AtlasToBits> bits; // made on the first bits row
    std::map<std::tuple<int, GLuint, int, int>, std::pair<gl::Summary, std::int64_t>> floors; // read floors
    std::optional<occupancy::SparseOccupancy> sparse; // made on the first sparse row: the bits' sparse occupancy

    // The input of a row of `kind` for the atlas input `atlas` (atlasSize texels) and its read floor,
    // measured once per (kind, texture, size).
    Result<RowInput> rowInput(occupancy::VoxelOutput kind, const hp::MethodInput& atlas, glm::ivec2 atlasSize);
    // Median / min / max of opt.reps runs after opt.warmup unmeasured ones (measureInterleaved, timer.h).
    gl::Summary measure(const std::function<void()>& work, gl::TimerSource timer) const;
    gl::Summary measure(const std::function<void()>& work) const { return measure(work, report.run.timer); }
    bool selected(methods::MethodId method) const; // --method filter (empty: all)
};

inline constexpr float kThreshold = 0.5f; // the discriminator threshold of every benchmark run

// Table 1 for sources that voxelize: the active cells and the time of each of opt.voxMethods to make the
// atlas again, each checked to give the same atlas byte for byte. Leaves the atlas as `atlas` holds it.
bool runVoxelization(Bench& bench, const BenchAtlas& atlas, double copyMs);

// The paper variants and hp_compute on one atlas: Tables 3 and 4, the GPU-resident comparison, and with
// --peers their build+list totals in the peers table.
bool runHistoPyramids(Bench& bench, const BenchAtlas& atlas, GLuint texture, const Expected& expected,
                      double copyMs);
// Every peer on one atlas (the peers table) and the CPU path stage by stage (Table 2).
bool runPeers(Bench& bench, const BenchAtlas& atlas, GLuint texture, const Expected& expected, double copyMs);
// side^3 volumes (opt.sides): the scaling table and the PNG plot (opt.plot).
bool runScaling(Bench& bench);
// --scaling --voxels: opt.sides voxelized from the model into each of opt.voxelOutputs, then built and
// listed by the rows of that input, ns per voxel and × the read floor per stage, and the plot (opt.plot).
bool runVoxelScaling(Bench& bench);
// --voxelizer: opt.voxMethods on the model opt.source at every opt.presets, and the teapot's counts.
bool runVoxelizerTables(Bench& bench);
// --volume: every opt.volumes discriminated with opt.band into each output, built and listed by every method
// row of that output, then with the band moving every repetition (bench_volume.cpp). An error (a volume that
// cannot be loaded or uploaded): exit status 1; false: a list or the discriminated set differed.
Result<bool> runVolumeTables(Bench& bench);
// --mc: marching cubes over --volume (bench_mc.cpp); prints its own table. false: a list differed.
Result<bool> runMcTable(Bench& bench);
// --sort: every GPU sort and the CPU sorts over opt.sortN x opt.sortM, uniform and skewed keys (bench_sort.cpp).
bool runSortTables(Bench& bench);

// The check of a point buffer against the expected set: "exact" when `inOrder` matches too, "same set", or
// what differs. Returns false on a difference.
bool checkEntries(const std::vector<glm::uvec4>& got, std::uint32_t count, const Expected& expected,
                  const std::vector<glm::uvec4>* inOrder, std::string* check);

} // namespace dicer::bench
