// Shared by the marching-cubes passes (mc_*.comp.glsl, engine/surface/mc_expander.h): the bindings and the
// invocation index over a 2D grid of 1D groups (rows of MC_GROUPS_X groups, so any count of cells or vertices
// fits GL's smallest group-count limit).
#include "mc_shared.h"

layout(local_size_x = MC_LOCAL_SIZE) in;

uint mcInvocation() {
    return (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * uint(MC_LOCAL_SIZE) +
           gl_LocalInvocationID.x;
}
