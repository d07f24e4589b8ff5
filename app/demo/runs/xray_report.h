// `dicer --xray K` in a --frames run: after the last frame, output K followed down the frame's method's
// HistoPyramid by the method's own traversal on the GPU (hp::PointMethod::trace, engine/hp/xray.h), printed a
// level a line: the visited cell, the key at it, its children's partial sums, the child whose range holds the
// key, and the cell found; with the surface shown, first its vertex K down hp_mc's pyramid (the cell, its case,
// which triangle and corner).
#pragma once

namespace dicer::app {

struct App;

// Prints the descent ("xray: ..." lines). K beyond the count: one line says so and the last output is followed.
// A method whose traversal records no path, or no outputs: one line; the former fails the run (exit status 1).
void printXray(App& app, int k);

} // namespace dicer::app
