// The invocation index of every HP5 pass over a 2D grid of 1D groups (rows of HP5_GROUPS_X groups, so any
// level fits GL's smallest group-count limit).
#include "hp5_shared.h"

uint hp5Invocation() {
    return (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) * uint(HP5_LOCAL_SIZE) +
           gl_LocalInvocationID.x;
}
