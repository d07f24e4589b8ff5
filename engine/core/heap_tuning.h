// Steady frame times on software GL: keep glibc's malloc from returning memory to the kernel between frames.
//
// Measured here (llvmpipe, dicer-bench --quick --list-path readback,resident --peers): voxelizing the teapot takes 7 ms,
// then 22 ms for the rest of the run once an unrelated readback has run, and the profile is page faults.
// llvmpipe mallocs and frees large scratch blocks every draw and dispatch; glibc's dynamic thresholds (the
// mmap threshold grows with each freed mapping, the heap top is trimmed past twice that) depend on the
// history of the process, so after some sequences every frame maps, faults in and unmaps those blocks
// again. Fixed thresholds (blocks below 32 MiB from the heap, trimmed only past 1 GiB) make the cost
// independent of history: 7 ms throughout. Harmless on GPU drivers; call once at start-up, before any GL.
#pragma once

namespace dicer {

// False when this C library has no mallopt (not glibc): then nothing changed.
bool keepHeapMemoryMapped();

} // namespace dicer
