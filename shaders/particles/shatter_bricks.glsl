// HeartBreaker for surfaces, finding the pieces: what the brick passes share. A triangle's cell is its first
// vertex's (the marching cubes write a triangle's three vertices from one cell); a cell index past the grid
// (a source that is no marching cubes' list) is taken as the last cell, so every index stays in its buffer.
#include "shatter_step.h"

layout(std140, binding = SHATTER_BIND_PARAMS) uniform ShParams { ShatterParams u_params; };
#include "shatter_vertices.glsl"

uint shatterCellOf(uint t) {
    uint cells = u_params.grid.x * u_params.grid.y * u_params.grid.z;
    return min(shVertex(3u * t).x, cells - 1u);
}

uvec3 shatterBricks() {
    return (uvec3(u_params.grid) + uvec3(SHATTER_BRICK - 1)) / uint(SHATTER_BRICK);
}

uint shatterBrickOf(uint cell) {
    uvec3 b = shCellCoords(cell, u_params) / uint(SHATTER_BRICK);
    uvec3 n = shatterBricks();
    return (b.z * n.y + b.y) * n.x + b.x;
}
