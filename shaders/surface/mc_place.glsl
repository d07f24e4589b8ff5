// The placement every GPU marching-cubes method shares (hp_mc's mc_expand, scan_mc's mc_scan_expand,
// atomic_mc's mc_atomic.comp.glsl): vertex `vertex` of a cell's case, its edge from the packed table, its
// position and normal exactly as mc_reference.h defines them (PLACEMENT, NORMALS), in float32, written as
// vertex k in the 16-byte form of mc_vertex.h (the place along the edge, t, for the position). The methods
// differ only in how they find (k, cell, case, vertex): the descent, the scan's offset, an atomic slot.
// Based on: Lorensen, Cline, "Marching cubes" (SIGGRAPH 1987), placement by linear interpolation and normals from
// central-difference gradients.
#include "entry_blocks.glsl"
#include "mc_vertex.h"
#include "mc_volume.glsl"

// The list may be longer than one storage block allows: ENTRY_BLOCKS blocks (entry_blocks.glsl). One build for
// every length (no ENTRY_ONE_BLOCK variant): the block choice is a few compares beside 12 fetches a vertex, and
// the expansion took as long with it as without (llvmpipe, metaballs:128, side by side: 18.7 vs 17.7-20.4 ms).
ENTRY_BLOCKS_DECLARE(MC_BIND_VERTICES, writeonly, uvec4, McVertices, b_vertices)
ENTRY_BLOCKS_STORE(uvec4, mcStoreVertex, b_vertices)

layout(location = MC_LOC_BAND_LO) uniform vec2 u_bandLo; // the band's ends as float pairs (hi part, lo part)
layout(location = MC_LOC_BAND_HI) uniform vec2 u_bandHi;
layout(location = MC_LOC_SPACING) uniform vec3 u_spacing;
layout(location = MC_LOC_BINARY) uniform int u_binary;

#define MC_CROSS_LO 0u
#define MC_CROSS_HI 1u
#define MC_CROSS_NONE 2u

bool mcFiniteFloat(float x) {
    return (floatBitsToUint(x) & 0x7f800000u) != 0x7f800000u;
}

// HALF the difference per sample step along one axis (mc_reference.h, NORMALS): central, or one-sided where a
// neighbour is outside the volume or not finite, 0 where both are. Half, so that no difference of float32
// values overflows (only the gradient's direction and whether it is 0 matter).
// `precise`: in the order written, since NVIDIA's compiler otherwise factors a * 0.5 - b * 0.5 into
// (a - b) * 0.5, which overflows for values near FLT_MAX (the H200's normals were NaN).
float mcHalfDiff(bool hasBelow, float below, float here, bool hasAbove, float above) {
    precise float d = 0.0;
    if (hasBelow && hasAbove)
        d = (above * 0.5 - below * 0.5) * 0.5;
    else if (hasAbove)
        d = above * 0.5 - here * 0.5;
    else if (hasBelow)
        d = here * 0.5 - below * 0.5;
    return d;
}

// The neighbour of s one step along `axis` (dir -1 or +1), and whether it is a usable (finite) sample.
bool mcNeighbour(ivec3 s, int axis, int dir, out float value) {
    ivec3 n = s;
    n[axis] += dir;
    value = 0.0;
    if (n[axis] < 0 || n[axis] >= u_size[axis]) return false;
    McSample m = mcSample(n);
    value = m.value;
    return mcFiniteKey(m.key);
}

// Half the gradient of sample s (value `here`) in physical units, given its two neighbours along the edge's
// axis (read once for both ends of the edge); the other two axes are read here. 0 for a sample that is not
// finite.
vec3 mcHalfGradient(ivec3 s, McSample here, int axis, bool hasBelow, float below, bool hasAbove,
                    float above) {
    vec3 g = vec3(0.0);
    if (!mcFiniteKey(here.key)) return g;
    g[axis] = mcHalfDiff(hasBelow, below, here.value, hasAbove, above) / u_spacing[axis];
    for (int k = 1; k < 3; ++k) {
        int other = (axis + k) % 3;
        float b, a;
        bool hb = mcNeighbour(s, other, -1, b), ha = mcNeighbour(s, other, 1, a);
        g[other] = mcHalfDiff(hb, b, here.value, ha, a) / u_spacing[other];
    }
    return g;
}

// num / den with both scaled by one power of two first (exact), so that den lies in [0.5, 1): GPUs may divide
// by multiplying with 1/den, which is a float32 subnormal, flushed to 0, for |den| > 2^126 (the NVIDIA H200
// did: t 0 and normals NaN where values near FLT_MAX differ).
// ldexp(x, -e) in two halves: a driver may scale by multiplying with 2^-e, itself subnormal (flushed to 0) for
// e > 126 (the H200 did), while each half stays within float32's normal exponents.
float mcScaleDown(float x, int e) {
    return ldexp(ldexp(x, -(e / 2)), (e / 2) - e);
}
vec3 mcScaleDown(vec3 x, int e) {
    return ldexp(ldexp(x, ivec3(-(e / 2))), ivec3((e / 2) - e));
}
float mcDivide(float num, float den) {
    int e;
    frexp(den, e);
    return mcScaleDown(num, e) / mcScaleDown(den, e);
}

// t from the edge's lower sample (mc_reference.h, PLACEMENT): the crossed band end's value interpolated, the
// end taken as two floats so the difference to v0 is as good as the reference's double; infinite values as
// the reference's IEEE doubles give them (an infinite lower value: NaN, so the midpoint; an infinite upper
// one with a finite lower: 0); a difference that overflows float is taken at half scale.
float mcPlace(uint crossing, uint key0, uint key1, float v0, float v1) {
    if (u_binary != 0 || crossing == MC_CROSS_NONE) return 0.5;
    if (!mcFiniteKey(key0)) return 0.5;
    if (!mcFiniteKey(key1)) return 0.0;
    vec2 end = crossing == MC_CROSS_LO ? u_bandLo : u_bandHi;
    precise float num = (end.x - v0) + end.y, den = v1 - v0; // precise: as mcHalfDiff
    if (!mcFiniteFloat(den) || !mcFiniteFloat(num)) {
        num = (end.x * 0.5 - v0 * 0.5) + end.y * 0.5;
        den = v1 * 0.5 - v0 * 0.5;
    }
    float t = mcDivide(num, den);
    return t != t ? 0.5 : clamp(t, 0.0, 1.0);
}

// Writes vertex `vertex` (0 .. count - 1) of cell `cell` (case `mcCase`, its table entry `entry`) as vertex k of
// the list.
void mcWriteVertexOf(uint k, ivec3 cell, uint mcCase, uvec2 entry, uint vertex) {
    uint edge = mcEntryEdge(entry, vertex);
    // The edge's lower sample and axis (mc_vertex.h: the decode reads the numbering the same way).
    int axis = int(edge >> 2);
    ivec3 lower = cell + mcEdgeOffset(edge);
    ivec3 upper = lower;
    upper[axis] += 1;
    // 12 fetches in all: the edge's two samples, the two beyond them along its axis, 4 around each.
    McSample s0 = mcSample(lower), s1 = mcSample(upper);
    bool lowerInside = mcInBand(s0.key);
    uint outside = lowerInside ? s1.key : s0.key;
    uint crossing = discIsNan(outside) ? MC_CROSS_NONE : outside < u_bandKeys.x ? MC_CROSS_LO : MC_CROSS_HI;
    float t = mcPlace(crossing, s0.key, s1.key, s0.value, s1.value);
    float before, after; // along the axis: below the lower sample, above the upper one
    bool hasBefore = mcNeighbour(lower, axis, -1, before), hasAfter = mcNeighbour(upper, axis, 1, after);
    bool finite0 = mcFiniteKey(s0.key), finite1 = mcFiniteKey(s1.key);
    vec3 g0 = mcHalfGradient(lower, s0, axis, hasBefore, before, finite1, s1.value);
    vec3 g1 = mcHalfGradient(upper, s1, axis, finite0, s0.value, hasAfter, after);
    precise vec3 g = (1.0 - t) * g0 + t * g1;
    vec3 n = crossing == MC_CROSS_LO ? -g : g;
    // Normalised by its largest component first, so that neither tiny nor huge values under- or overflow.
    float largest = max(abs(n.x), max(abs(n.y), abs(n.z)));
    bool fallback = crossing == MC_CROSS_NONE || !(largest > 0.0) || !mcFiniteFloat(largest);
    if (fallback) {
        n = vec3(0.0);
        n[axis] = lowerInside ? 1.0 : -1.0; // from the inside corner to the outside one
    } else {
        int e;
        frexp(largest, e);
        n = normalize(mcScaleDown(n, e)); // largest in [0.5, 1): as mcDivide, no 1 / largest to flush
    }
    uint ids = mcCase | edge << MC_ID_EDGE_SHIFT | vertex << MC_ID_INDEX_SHIFT |
               (fallback ? 1u : 0u) << MC_ID_FALLBACK_SHIFT | crossing << MC_ID_CROSSING_SHIFT;
    mcStoreVertex(k, uvec4(mcCellIndex(cell), ids, floatBitsToUint(t), mcPackNormal(n)));
}
void mcWriteVertex(uint k, ivec3 cell, uint mcCase, uint vertex) {
    mcWriteVertexOf(k, cell, mcCase, mcEntry(mcCase), vertex);
}

// The child of a node whose first three children's sums are s0, s1, s2 (the fourth needs none: the rest falls in
// it) that the rest falls in, the rest made relative to it: the first child whose running sum exceeds the rest
// (children of 0 are never taken). Without a branch: the three running sums compared at once. A loop that left at
// the child ran, on llvmpipe, until its last lane left, both sides of its test each time: hp_mc's expansion at
// metaballs:256 took 54-62 ms with it (median of 8 runs 59.0), 53-61 without (55.3), alternating runs on a 2-core
// Intel Xeon. A running sum never wraps: the children past a level's end are stored as 0 (hp_mc's padding,
// mc_expander.h).
uint mcPickChild(uint s0, uint s1, uint s2, inout uint rest) {
    uint s01 = s0 + s1;
    uint s012 = s01 + s2;
    uint child = uint(rest >= s0) + uint(rest >= s01) + uint(rest >= s012);
    rest -= child == 0u ? 0u : (child == 1u ? s0 : (child == 2u ? s01 : s012));
    return child;
}

// The cell of a base word holding the word's vertex `rest` (its 4 cells' vertices one after another, x order):
// the first cell whose running count exceeds rest, the same test as every level of a descent; rest becomes the
// vertex's index within that cell's case. Returns the cell's place in the word (0..3) and its case. Shared by the
// descents (hp_mc's mc_expand, hp5_mc's mc_hp5_expand).
uint mcPickCell(uint cases, inout uint rest, out uint mcCase) {
    uint j = mcPickChild(mcCount(cases & 0xffu), mcCount((cases >> 8u) & 0xffu), mcCount((cases >> 16u) & 0xffu),
                         rest);
    mcCase = (cases >> (8u * j)) & 0xffu;
    return j;
}

// Writes the `count` vertices of base word `word` (its 4 cells' cases, byte j = cell j) as vertices first ..
// first + count - 1, those at or past `limit` not. The cells in order, the table's order within a cell: the
// reference's order for the word's slice of the list. ONE loop over the word's vertices, not one per cell: an
// invocation's SIMD neighbours (8 lanes on llvmpipe) wait for the longest loop, which is then the word's count,
// not the sum of each cell's longest.
void mcWriteWord(uint word, uint cases, uint first, uint count, uint limit) {
    ivec3 cell = mcWordCell(word);
    uint j = 0u, mcCase = cases & 0xffu, inCell = mcCount(mcCase), vertex = 0u;
    uint end = min(first + count, limit);
    for (uint k = first; k < end; ++k, ++vertex) {
        while (vertex == inCell) { // the next cell with vertices (there is one: k < first + count)
            if (j == 3u) return;   // never with the word's true count; a bounded loop all the same
            ++j;
            mcCase = (cases >> (8u * j)) & 0xffu;
            inCell = mcCount(mcCase);
            vertex = 0u;
        }
        mcWriteVertex(k, cell + ivec3(j, 0, 0), mcCase, vertex);
    }
}
