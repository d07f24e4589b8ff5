#version 450
// HeartBreaker for surfaces, finding the pieces, step 1: a counting sort of the live triangles by brick
// (SHATTER_BRICK^3 cells), so that one work group can take a brick's triangles (shatter_label.comp.glsl). Three
// variants of this file, one per pass (the CPU clears the counts and the counters first):
//  - SHATTER_BIN, per triangle: its slot within its brick (an atomic count; the first one lists the brick);
//  - SHATTER_PLACE, per listed brick: its first slot in the order (the slots handed out in any order: the
//    labels do not depend on it, every piece is named by its lowest triangle index);
//  - SHATTER_SCATTER, per triangle: its index at its brick's first slot plus its slot.
#include "dispatch_groups.glsl"
#include "shatter_bricks.glsl"

layout(local_size_x = SHATTER_LOCAL_SIZE) in;
layout(std430, binding = SHATTER_BIND_CONTROL) buffer ShControl { uint u_control[]; };
layout(std430, binding = SHATTER_BIND_BRICKS) buffer ShBricks { uvec2 u_bricks[]; };
// Per triangle two uints: [2i] its slot within its brick, [2k + 1] the triangle at slot k of the brick order.
// Scalars, not a uvec2 a triangle: a write of one component of a vector may be a store of the whole vector
// (llvmpipe's is), which would undo a neighbour's write of the other component.
layout(std430, binding = SHATTER_BIND_TRIANGLES) buffer ShTriangles { uint u_triangles[]; };
layout(std430, binding = SHATTER_BIND_ACTIVE) buffer ShActive { uint u_active[]; };

void main() {
    uint i = dispatchIndex(SHATTER_LOCAL_SIZE);
#if defined(SHATTER_PLACE)
    if (i >= u_control[SHATTER_CTRL_ACTIVE]) return;
    uint brick = u_active[i];
    u_bricks[brick].y = atomicAdd(u_control[SHATTER_CTRL_PLACED], u_bricks[brick].x);
#else
    if (i >= u_control[SHATTER_CTRL_LIVE]) return;
    uint brick = shatterBrickOf(shatterCellOf(i));
#if defined(SHATTER_BIN)
    uint slot = atomicAdd(u_bricks[brick].x, 1u);
    if (slot == 0u) u_active[atomicAdd(u_control[SHATTER_CTRL_ACTIVE], 1u)] = brick;
    u_triangles[2u * i] = slot;
#else
    u_triangles[2u * (u_bricks[brick].y + u_triangles[2u * i]) + 1u] = i;
#endif
#endif
}
