// Every C++/GLSL shared header at once, for code that spans the wings (the method table, the bench, tests). A
// wing includes its own header instead: hp_shared.h, hpc_shared.h, peers_shared.h, voxel_shared.h,
// particles_shared.h, view_shared.h, testbed_shared.h (the others, mc_shared.h, sort_shared.h,
// discriminate_shared.h, occupancy_*.h, are only their wing's); the binding ranges they share out are in
// binding_ranges.h.
#pragma once
#include "binding_ranges.h"
#include "hp_shared.h"
#include "hpc_shared.h"
#include "particles_shared.h"
#include "peers_shared.h"
#include "testbed_shared.h"
#include "view_shared.h"
#include "voxel_shared.h"
