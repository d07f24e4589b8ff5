#version 450
// Marching cubes: each count column's key range (engine/surface/mc_method.h, "Column ranges"): the smallest and
// the largest order key (volume_values.h) over the samples the count pass reads for the column, its cells'
// corners: (cells + 1) x (rows + 1) x (slices + 1), at most 5 x 5 x 5. Run once per volume (not per band), so the
// count pass can tell, per band, a column all of whose corners lie in the band (every case 255) or none (every
// case 0) from one comparison, and write its words without reading the volume. NaN's key lies outside every
// band (mcInBand), so a range that holds it never reads as "all in"; as "all out" only when every key is out.
#include "mc_volume.glsl"

layout(std430, binding = MC_BIND_RANGES) writeonly buffer McRanges { uvec2 b_ranges[]; };

void main() {
    McColumn c;
    uint column;
    if (!mcColumn(column, c)) return;
    uint lo = 0xffffffffu, hi = 0u;
    for (int s = 0; s <= MC_COUNT_SLICES; ++s) {
        if (s > c.slices) break;
        for (int r = 0; r <= MC_COUNT_ROWS; ++r) {
            if (r > c.rows) break;
            for (int x = 0; x <= 4; ++x) {
                if (x > c.cellsHere) break;
                uint key = discKey(c.first + ivec3(x, r, s));
                lo = min(lo, key);
                hi = max(hi, key);
            }
        }
    }
    b_ranges[column] = uvec2(lo, hi);
}
