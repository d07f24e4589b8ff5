// dicer-bench --brick-stats [--volume SPEC[,...]] [--band LO,HI]: the brick statistics of
// scalar volumes (engine/volume/brick_stats.h) as a Markdown table: per volume and brick shape, how many bricks
// the band and the marching-cubes surface touch, what a count pass with a min/max per brick would still read,
// and the bytes of the sparse layouts next to the dense ones. CPU only: no GL context is made.
#pragma once

#include "bench_options.h"

namespace dicer::bench {

// Prints the table to stdout. 0: done; 1: a volume did not load, or a band does not hold for it (one line on
// stderr naming the volume).
int runBrickStatsTable(const Options& options);

} // namespace dicer::bench
