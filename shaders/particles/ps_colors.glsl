// The colour-blind-safe false colours (PS_COLOR_HEIGHT): a voxel's height, its y in the volume, through viridis
// (volume_values.h, the map of a volume's values): the bottom purple, the top yellow. Readable in grey and by
// colour-blind viewers, where the paper's position-as-rgb false colours put red against green.
#include "volume_values.h"

vec3 psHeightColor(uint y, int height) {
    uint q = height > 1 ? min(y, uint(height - 1)) * 255u / uint(height - 1) : 0u;
    uint rgb = volColormap(q);
    return vec3(float((rgb >> 16) & 255u), float((rgb >> 8) & 255u), float(rgb & 255u)) / 255.0;
}
