#version 450
// HeartBreaker for surfaces, finding the pieces, step 2: one work group per brick with triangles (after
// shatter_bricks.comp.glsl sorted them by brick) labels its connected sets of triangles. Two triangles touch when
// they have a vertex on the same grid edge (the marching cubes place one vertex per crossed edge, shared by the
// up to four cells around it and by the triangles of a cell), so connectivity is a graph over the brick's
// (SHATTER_BRICK + 1)^3 * 3 grid edges, numbered locally: s_edge holds the lowest label that reached each edge.
// Labels start as the global triangle index and take the minimum over their edges until no label changes:
// every set ends labelled with its lowest triangle index, whatever order the sort left the triangles in (so a
// piece keeps its name from frame to frame). Edges on the brick's faces are shared with the next brick only in
// the grid; each work group sees its own triangles, so a piece never leaves its brick.
//
// Then each triangle's entry names its piece (link.x); a piece's own entry is reset to rest if it was no
// piece's before (link.w), and its cells are or-ed into its mask (link.z) for the pivot (shPiecePivot).
#include "dispatch_groups.glsl"
#include "shatter_bricks.glsl"

layout(local_size_x = SHATTER_LOCAL_SIZE) in;
#define SHATTER_LINKS_COHERENT
#include "shatter_state.glsl"
layout(std430, binding = SHATTER_BIND_BRICKS) readonly buffer ShBricks { uvec2 u_bricks[]; };
layout(std430, binding = SHATTER_BIND_TRIANGLES) readonly buffer ShTriangles { uint u_triangles[]; };
layout(std430, binding = SHATTER_BIND_ACTIVE) readonly buffer ShActive { uint u_active[]; };

shared uint s_edge[SHATTER_BRICK_EDGES];     // the lowest label seen on each brick-local grid edge
shared uint s_label[SHATTER_BRICK_TRIANGLES]; // the brick's triangles' labels, in the sort's order
shared uint s_tri[SHATTER_BRICK_TRIANGLES];   // each one's cell in the brick (9 bits) and 3 edges (4 bits each)
shared uint s_changed;

// Edge e (0..11, mc_table.h's numbering: axis e / 4, its offsets on the other two axes bits 0 and 1 of e % 4)
// of the brick-local cell c, as a brick-local grid edge: (grid point) * 3 + axis.
uint localEdge(uvec3 c, uint e) {
    uint axis = e >> 2u;
    uint b0 = e & 1u, b1 = (e >> 1u) & 1u;
    uvec3 p = c + (axis == 0u ? uvec3(0u, b0, b1) : axis == 1u ? uvec3(b0, 0u, b1) : uvec3(b0, b1, 0u));
    const uint n = uint(SHATTER_BRICK + 1);
    return ((p.z * n + p.y) * n + p.x) * 3u + axis;
}

uvec3 cellOfWord(uint word) {
    return uvec3(word & 7u, (word >> 3u) & 7u, (word >> 6u) & 7u);
}

uint edgeOfWord(uint word, uint k) {
    return localEdge(cellOfWord(word), (word >> (9u + 4u * k)) & 15u);
}

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint brick = u_active[group];
    uint count = u_bricks[brick].x;
    uint first = u_bricks[brick].y;
    // A brick holds at most 5 triangles a cell; more (no marching cubes' list) stay pieces of one triangle.
    uint n = min(count, uint(SHATTER_BRICK_TRIANGLES));
    uint lid = gl_LocalInvocationID.x;

    for (uint j = lid; j < n; j += SHATTER_LOCAL_SIZE) {
        uint t = u_triangles[2u * (first + j) + 1u];
        uvec3 c = shCellCoords(shatterCellOf(t), u_params) % uint(SHATTER_BRICK);
        uint word = c.x | (c.y << 3u) | (c.z << 6u);
        for (uint k = 0u; k < 3u; ++k) {
            uint ids = shVertex(3u * t + k).y;
            word |= min((ids >> SHATTER_EDGE_SHIFT) & 15u, 11u) << (9u + 4u * k);
        }
        s_tri[j] = word;
        s_label[j] = t;
    }
    for (uint e = lid; e < uint(SHATTER_BRICK_EDGES); e += SHATTER_LOCAL_SIZE) s_edge[e] = 0xffffffffu;
    barrier();

    // Label propagation: at most as many rounds as the longest shortest path between two triangles of a set.
    // The loop's condition is read by every invocation after the same barrier (uniform); no `break` out of a
    // loop with barriers (llvmpipe then lost the stores after the loop).
    bool settled = false;
    while (!settled) {
        for (uint j = lid; j < n; j += SHATTER_LOCAL_SIZE)
            for (uint k = 0u; k < 3u; ++k) atomicMin(s_edge[edgeOfWord(s_tri[j], k)], s_label[j]);
        if (lid == 0u) s_changed = 0u;
        barrier();
        for (uint j = lid; j < n; j += SHATTER_LOCAL_SIZE) {
            uint word = s_tri[j];
            uint m = min(min(s_edge[edgeOfWord(word, 0u)], s_edge[edgeOfWord(word, 1u)]),
                         s_edge[edgeOfWord(word, 2u)]);
            if (m < s_label[j]) {
                s_label[j] = m;
                s_changed = 1u;
            }
        }
        barrier();
        settled = s_changed == 0u;
        barrier(); // everyone has read s_changed before the next round resets it
    }

    for (uint j = lid; j < count; j += SHATTER_LOCAL_SIZE) {
        uint t = u_triangles[2u * (first + j) + 1u];
        uint piece = j < n ? s_label[j] : t;
        if (piece == t) {
            if (u_shLinks[t].w == 0u) shStorePiece(t, shRest(vec3(0.0f))); // a new piece: at rest
            u_shLinks[t] = uvec4(t, 0xffffffffu, 0u, 1u);
        } else {
            u_shLinks[t] = uvec4(piece, 0xffffffffu, 0u, 0u);
        }
    }
    memoryBarrierBuffer();
    barrier();
    for (uint j = lid; j < count; j += SHATTER_LOCAL_SIZE) {
        uint t = u_triangles[2u * (first + j) + 1u];
        uint piece = u_shLinks[t].x;
        uvec3 c = shCellCoords(shatterCellOf(t), u_params) % uint(SHATTER_BRICK);
        atomicOr(u_shLinks[piece].z, shCellMask(c));
    }
}
