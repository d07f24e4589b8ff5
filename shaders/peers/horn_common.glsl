// What every pass of Horn's scan and gather shares: the scan level it works on (one uint per element,
// inclusive prefix sums once scanned), its element count, and the flat index of a work group (dispatches are
// folded into a 2D grid: one dimension holds at most PEER_MAX_GROUPS_X groups).
#pragma once
#include "peers_shared.h"

layout(std430, binding = PEER_BIND_DATA) buffer ScanData { uint u_data[]; };
layout(location = PEER_LOC_ELEMENTS) uniform uint u_elements;

uint hornGroupIndex() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }
