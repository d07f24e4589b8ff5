// The X-ray of marching cubes' stream expansion (hp_mc, mc_expander.h): output vertex k followed down the 1D
// 4:1 pyramid over the cells' vertex counts, as the expansion pass itself took it on the GPU (mc_expand.comp.glsl
// compiled with HP_XRAY; the record's layout is shaders/hp/hp_xray.h), and the same walk over the CPU
// reference's counts, to compare exactly. At every level: the visited entry, the key (the vertices before it
// subtracted), its four children's sums, the child taken; at the base word: its 4 cells' vertex counts, the cell
// taken, its case and which of its vertices (so which triangle, and which corner of it) k is. Based on: Dyken,
// Ziegler, Theobalt, Seidel, "High-speed marching cubes using HistoPyramids" (Computer Graphics Forum 2008).
// No GL.
#pragma once

#include "mc_reference.h"
#include "result.h"
#include "xray.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::surface {

struct McXrayPath {
    std::uint32_t k = 0;
    // The top first; a step's cell.x is the entry's index at its level. The last step is the base word's
    // (level 1): sums = its 4 cells' vertex counts, child = the cell within the word, keyDown = the vertex
    // within the cell.
    std::vector<hp::XrayStep> steps;
    std::uint32_t cell = 0;         // the cell's linear index (x fastest)
    std::uint32_t mcCase = 0;       // its case
    std::uint32_t vertexInCell = 0; // vertex k's index in the case's list: triangle vertexInCell / 3
    bool operator==(const McXrayPath&) const = default;
};

// The path a record holds. Errors: a record shorter than its header says, none found.
Result<McXrayPath> parseMcXrayRecord(std::span<const std::uint32_t> words, std::uint32_t k);

// The walk over the reference's per-cell counts, in the GPU's layout (mcPyramidLayout: rows of cells padded to
// words of 4, level 1 a word's sum, each level above the sums of 4). k < the reference's vertex count.
McXrayPath mcXrayReference(const McSurface& reference, std::uint32_t k);

// The reference's pyramid in the GPU's layout: [0] the cells' vertex counts in its numbering (4 a base word,
// each row of cells padded to whole words), [1] a word's sum, each level above the sums of 4, up to the top.
std::vector<std::vector<std::uint32_t>> mcReferenceLevels(const McSurface& reference);

// "" when equal, else the first difference.
std::string compareMcXray(const McXrayPath& gpu, const McXrayPath& reference);

// One line a step, then the cell, its case, the triangle and the corner.
std::vector<std::string> describeMcXray(const McXrayPath& path, glm::ivec3 cells);

} // namespace dicer::surface
