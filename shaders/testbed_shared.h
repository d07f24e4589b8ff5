// The testbed (engine/testbed): the copy-pass yardstick's texture unit, shared by C++ and GLSL.
#pragma once
#include "binding_ranges.h"

#define COPY_UNIT_SOURCE 12 // copy.frag.glsl: the atlas it reads

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(inside(COPY_UNIT_SOURCE, {TESTBED_UNITS_FIRST, TESTBED_UNITS_END}));
} // namespace dicer::bindings
#endif
