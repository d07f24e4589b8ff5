// Every C++/GLSL shared header at once, for code that spans the wings. Prefer the wing's own header:
// hp_shared.h, peers_shared.h, voxel_shared.h, particles_shared.h, view_shared.h, testbed_shared.h; the
// binding ranges they share out are in binding_ranges.h.
#pragma once
#include "binding_ranges.h"
#include "hp_shared.h"
#include "hpc_shared.h"
#include "particles_shared.h"
#include "peers_shared.h"
#include "testbed_shared.h"
#include "view_shared.h"
#include "voxel_shared.h"
