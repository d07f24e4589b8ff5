// The testbed (engine/testbed): the yardsticks' bindings (copy pass, read pass), shared by C++ and GLSL.
#pragma once
#include "binding_ranges.h"

#define COPY_UNIT_SOURCE 12 // copy.frag.glsl: the atlas it reads

// Read pass (read_pass.comp.glsl): 256 invocations x 16 words each, consecutive invocations on consecutive
// words (coalesced); every word is XORed into a shared sink, then one atomicXor per group into READ_BIND_SINK.
#define READ_LOCAL_SIZE 256
#define READ_WORDS_PER_INVOCATION 16
#define READ_WORDS_PER_GROUP 4096 // READ_LOCAL_SIZE * READ_WORDS_PER_INVOCATION
#define READ_MAX_GROUPS_X 65535   // GL's guaranteed work-group count per axis: fold to 2D beyond it
#define READ_BIND_SOURCE 26       // uint[]: the buffer it reads (buffer mode)
#define READ_BIND_SINK 27         // uint[1]: the XOR of every word read (nothing is optimised away)
#define READ_UNIT_SOURCE 13       // the RGBA8 texture it reads (texture mode)
#define READ_LOC_WORDS 0          // uint: words to read
#define READ_LOC_SIZE 1           // ivec2: texels to read (texture mode)

#ifdef __cplusplus
namespace dicer::bindings {
static_assert(inside(COPY_UNIT_SOURCE, {TESTBED_UNITS_FIRST, TESTBED_UNITS_END}));
static_assert(allInside({TESTBED_BUFFERS_FIRST, TESTBED_BUFFERS_END}, READ_BIND_SOURCE, READ_BIND_SINK));
static_assert(inside(READ_UNIT_SOURCE, {TESTBED_UNITS_FIRST, TESTBED_UNITS_END}));
static_assert(READ_WORDS_PER_GROUP == READ_LOCAL_SIZE * READ_WORDS_PER_INVOCATION);
} // namespace dicer::bindings
#endif
