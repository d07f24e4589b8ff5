// Built-in analytic volumes (builtin_volumes.h): metaballs after Wyvill, McPheeters & Wyvill, "Data structure
// for soft objects" (The Visual Computer, 1986: the (1 - r^2/R^2)^3 kernel); value noise after Perlin's
// lattice noise (SIGGRAPH 1985) with hashed lattice values (the integer hash is MurmurHash3's 32-bit finalizer,
// Austin Appleby, public domain). Both are evaluated separably, so a voxel costs a few additions.
#include "builtin_volumes.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>

namespace dicer::volume {
namespace {

constexpr std::array<std::string_view, 2> kNames = {"metaballs", "noise"};

std::string sizeText(glm::ivec3 s) {
    if (s.x == s.y && s.y == s.z) return std::to_string(s.x);
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

// The coordinate of voxel centre v along an axis of n voxels, in a box whose longest side (m voxels) is 1,
// centred on 0.
float centre(int v, int n, int m) {
    return (float(v) + 0.5f - 0.5f * float(n)) / float(m);
}

// Whether X x Y x Z uint16 voxels fit kMaxVolumeBytes (sides >= 1; no overflow for sides up to 2^31).
bool fitsCap(std::int64_t x, std::int64_t y, std::int64_t z) {
    const std::int64_t voxelLimit = kMaxVolumeBytes / 2;
    return x <= voxelLimit && y <= voxelLimit / x && z <= voxelLimit / (x * y);
}

std::uint16_t quantize(float unit) { // [0, 1] -> 0..65535, rounded; clamped outside
    return std::uint16_t(std::lround(std::clamp(unit, 0.f, 1.f) * 65535.f));
}

void store(ScalarVolume& v, std::int64_t index, std::uint16_t value) {
    std::memcpy(v.data.data() + index * 2, &value, 2);
}

// --- metaballs ---------------------------------------------------------------------------------------------

struct Blob {
    glm::vec3 centre;
    float radius; // the kernel's support; the iso-surface (field 1) of a lone blob is at 0.454 radius
};
constexpr std::array<Blob, 6> kBlobs = {{
    {{-0.17f, -0.12f, -0.10f}, 0.56f},
    {{0.19f, -0.06f, 0.12f}, 0.52f},
    {{0.02f, 0.21f, -0.06f}, 0.48f},
    {{-0.05f, -0.03f, 0.25f}, 0.42f},
    {{0.22f, 0.20f, -0.21f}, 0.38f},
    {{-0.25f, 0.18f, 0.16f}, 0.36f},
}};

// Field = sum over blobs of 2 (1 - d^2/R^2)^3 (0 beyond R): 2 at a lone blob's centre, 1 on its iso-surface.
// Stored as min(round(field * 32768), 65535).
void metaballs(ScalarVolume& v) {
    const glm::ivec3 n = v.size;
    const int m = std::max({n.x, n.y, n.z});
    // Per blob and axis: (coordinate - centre)^2 / R^2 per voxel index.
    std::array<std::array<std::vector<float>, 3>, kBlobs.size()> axis;
    for (size_t b = 0; b < kBlobs.size(); ++b)
        for (int a = 0; a < 3; ++a) {
            axis[b][size_t(a)].resize(size_t(n[a]));
            for (int i = 0; i < n[a]; ++i) {
                const float d = centre(i, n[a], m) - kBlobs[b].centre[a];
                axis[b][size_t(a)][size_t(i)] = d * d / (kBlobs[b].radius * kBlobs[b].radius);
            }
        }
    std::vector<float> row(size_t(n.x));
    for (int z = 0; z < n.z; ++z)
        for (int y = 0; y < n.y; ++y) {
            std::fill(row.begin(), row.end(), 0.f);
            for (size_t b = 0; b < kBlobs.size(); ++b) {
                const float yz = axis[b][1][size_t(y)] + axis[b][2][size_t(z)];
                if (yz >= 1.f) continue; // the row misses the blob
                // The row's voxels within the blob: |x - cx| < R sqrt(1 - yz), in voxel units, one wider.
                const float half = kBlobs[b].radius * std::sqrt(1.f - yz) * float(m);
                const float cx = kBlobs[b].centre.x * float(m) + 0.5f * float(n.x) - 0.5f;
                const int x0 = std::max(0, int(std::floor(cx - half)));
                const int x1 = std::min(n.x - 1, int(std::ceil(cx + half)));
                const float* ax = axis[b][0].data();
                for (int x = x0; x <= x1; ++x) {
                    const float s = ax[x] + yz;
                    if (s < 1.f) {
                        const float k = 1.f - s;
                        row[size_t(x)] += 2.f * k * k * k;
                    }
                }
            }
            const std::int64_t base = (std::int64_t(z) * n.y + y) * n.x;
            for (int x = 0; x < n.x; ++x)
                store(v, base + x, std::uint16_t(std::min(std::lround(row[size_t(x)] * 32768.f), 65535L)));
        }
}

// --- value noise -------------------------------------------------------------------------------------------

std::uint32_t mix(std::uint32_t h) { // MurmurHash3's fmix32
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

float lattice(int i, int j, int k, int octave) { // a value in [0, 1) per lattice point
    std::uint32_t h = mix(std::uint32_t(octave) * 0x9e3779b9u + 0x1234567u);
    h = mix(h ^ std::uint32_t(i));
    h = mix(h ^ std::uint32_t(j));
    h = mix(h ^ std::uint32_t(k));
    return float(h >> 8) * (1.f / 16777216.f);
}

// Where each voxel centre falls on an axis of an octave's lattice: the cell and the smoothstep weight of its
// upper corner.
struct AxisCells {
    std::vector<int> cell;
    std::vector<float> weight;
    int cells = 0; // lattice points needed along the axis: last cell + 2
};
AxisCells axisCells(int n, int m, float cellsPerUnit) {
    AxisCells a;
    for (int i = 0; i < n; ++i) {
        const float u = (float(i) + 0.5f) / float(m) * cellsPerUnit;
        const float c = std::floor(u), t = u - c;
        a.cell.push_back(int(c));
        a.weight.push_back(t * t * (3.f - 2.f * t));
    }
    a.cells = a.cell.back() + 2;
    return a;
}

class NoiseOctave {
public:
    NoiseOctave(glm::ivec3 n, int octave) : m_n(n), m_octave(octave) {
        const int m = std::max({n.x, n.y, n.z});
        const float cellsPerUnit = float(4 << octave);
        for (int a = 0; a < 3; ++a)
            m_axes[size_t(a)] = axisCells(n[a], m, cellsPerUnit);
        for (auto& p : m_planes)
            p.resize(size_t(n.x) * size_t(n.y));
    }
    // Adds weight * noise(x, y, z) of every voxel of slice z to `slice` (x fastest). Slices in increasing z.
    void addSlice(int z, float weight, std::vector<float>& slice) {
        const int k = m_axes[2].cell[size_t(z)];
        const float wz = m_axes[2].weight[size_t(z)];
        planeAt(k, 0);
        planeAt(k + 1, 1);
        const float* p0 = m_planes[0].data();
        const float* p1 = m_planes[1].data();
        for (size_t i = 0; i < slice.size(); ++i)
            slice[i] += weight * (p0[i] + (p1[i] - p0[i]) * wz);
    }

private:
    // Makes m_planes[which] the lattice layer k interpolated over x and y (plane 0 takes over plane 1 when the
    // slices move on to the next cell).
    void planeAt(int k, int which) {
        if (m_planeLayer[size_t(which)] == k) return;
        if (which == 0 && m_planeLayer[1] == k) { // the next slice's lower layer was this slice's upper one
            std::swap(m_planes[0], m_planes[1]);
            std::swap(m_planeLayer[0], m_planeLayer[1]);
            return;
        }
        const AxisCells &ax = m_axes[0], &ay = m_axes[1];
        // Rows: lattice row j of layer k interpolated along x, for every x.
        std::vector<float> rows(size_t(ay.cells) * size_t(m_n.x));
        for (int j = 0; j < ay.cells; ++j) {
            std::vector<float> corners(size_t(ax.cells));
            for (int i = 0; i < ax.cells; ++i)
                corners[size_t(i)] = lattice(i, j, k, m_octave);
            for (int x = 0; x < m_n.x; ++x) {
                const float a = corners[size_t(ax.cell[size_t(x)])],
                            b = corners[size_t(ax.cell[size_t(x)] + 1)];
                rows[size_t(j) * size_t(m_n.x) + size_t(x)] = a + (b - a) * ax.weight[size_t(x)];
            }
        }
        std::vector<float>& plane = m_planes[size_t(which)];
        for (int y = 0; y < m_n.y; ++y) {
            const float* r0 = rows.data() + size_t(ay.cell[size_t(y)]) * size_t(m_n.x);
            const float* r1 = r0 + m_n.x;
            const float w = ay.weight[size_t(y)];
            float* out = plane.data() + size_t(y) * size_t(m_n.x);
            for (int x = 0; x < m_n.x; ++x)
                out[x] = r0[x] + (r1[x] - r0[x]) * w;
        }
        m_planeLayer[size_t(which)] = k;
    }

    glm::ivec3 m_n;
    int m_octave;
    std::array<AxisCells, 3> m_axes;
    std::array<std::vector<float>, 2> m_planes;
    std::array<int, 2> m_planeLayer = {-1, -1};
};

constexpr int kOctaves = 4;

void noise(ScalarVolume& v) {
    std::vector<NoiseOctave> octaves;
    float total = 0;
    for (int o = 0; o < kOctaves; ++o) {
        octaves.emplace_back(v.size, o);
        total += std::ldexp(1.f, -o);
    }
    std::vector<float> slice(size_t(v.size.x) * size_t(v.size.y));
    for (int z = 0; z < v.size.z; ++z) {
        std::fill(slice.begin(), slice.end(), 0.f);
        for (int o = 0; o < kOctaves; ++o)
            octaves[size_t(o)].addSlice(z, std::ldexp(1.f, -o) / total, slice);
        const std::int64_t base = std::int64_t(z) * std::int64_t(slice.size());
        for (size_t i = 0; i < slice.size(); ++i)
            store(v, base + std::int64_t(i), quantize(slice[i]));
    }
}

} // namespace

std::vector<std::string_view> builtinVolumeNames() {
    return {kNames.begin(), kNames.end()};
}

bool isBuiltinVolume(std::string_view text) {
    const std::string_view name = text.substr(0, text.find(':'));
    return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

Result<BuiltinVolumeRequest> parseBuiltinVolume(std::string_view text) {
    const size_t colon = text.find(':');
    BuiltinVolumeRequest request;
    request.name = std::string(text.substr(0, colon));
    if (!isBuiltinVolume(request.name)) {
        std::string known;
        for (std::string_view n : kNames)
            known += (known.empty() ? "" : ", ") + std::string(n);
        return makeError("unknown built-in volume '" + request.name + "' (known: " + known + ")");
    }
    if (colon == std::string_view::npos) return request;
    const std::string_view size = text.substr(colon + 1);
    // N or XxYxZ: one or three positive integers separated by 'x'.
    std::array<std::int64_t, 3> sides{};
    int count = 0;
    const char* p = size.data();
    const char* end = size.data() + size.size();
    bool ok = !size.empty();
    while (ok && count < 3) {
        const auto r = std::from_chars(p, end, sides[size_t(count)]);
        ok = r.ec == std::errc() && sides[size_t(count)] >= 1 && sides[size_t(count)] <= (1 << 30);
        ++count;
        p = r.ptr;
        if (!ok || p == end) break;
        ok = *p++ == 'x' && p != end;
    }
    ok = ok && p == end && (count == 1 || count == 3);
    if (!ok)
        return makeError("built-in volume '" + std::string(text) +
                         "': the size must be N or XxYxZ, every side a whole number >= 1");
    if (count == 1) sides = {sides[0], sides[0], sides[0]};
    if (!fitsCap(sides[0], sides[1], sides[2]))
        return makeError("built-in volume '" + std::string(text) + "': " + std::to_string(sides[0]) + "x" +
                         std::to_string(sides[1]) + "x" + std::to_string(sides[2]) +
                         " uint16 voxels are over the cap of " + std::to_string(kMaxVolumeBytes) + " bytes");
    request.size = glm::ivec3(int(sides[0]), int(sides[1]), int(sides[2]));
    return request;
}

Result<ScalarVolume> makeBuiltinVolume(const BuiltinVolumeRequest& request) {
    ScalarVolume v;
    v.size = request.size;
    v.type = ScalarType::Uint16;
    v.name = request.name + ":" + sizeText(request.size);
    if (!isBuiltinVolume(request.name)) return makeError("unknown built-in volume '" + request.name + "'");
    if (v.size.x < 1 || v.size.y < 1 || v.size.z < 1 || !fitsCap(v.size.x, v.size.y, v.size.z))
        return makeError("built-in volume '" + v.name + "': the size must be at least 1 and at most " +
                         std::to_string(kMaxVolumeBytes) + " bytes");
    v.data.resize(size_t(v.byteCount()));
    if (request.name == "metaballs")
        metaballs(v);
    else
        noise(v);
    v.notes.push_back("built-in analytic field '" + request.name + "' (uint16, generated in code)");
    if (Result<void> r = checkVolume(v); !r) return makeError(r.error());
    return v;
}

Result<ScalarVolume> loadBuiltinVolume(std::string_view text) {
    Result<BuiltinVolumeRequest> request = parseBuiltinVolume(text);
    if (!request) return makeError(request.error());
    return makeBuiltinVolume(*request);
}

} // namespace dicer::volume
