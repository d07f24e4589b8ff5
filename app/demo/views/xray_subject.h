// Which pyramid the X-ray panel shows: the surface's (marching cubes' pyramid over the cells' vertex counts)
// when the panel asks for it and the surface is drawn, else the point method's. A row without a pyramid has no
// levels: its table row's summary says what it does instead.
#pragma once

#include "mc_method.h"
#include "point_method.h"
#include "xray_view.h"

namespace dicer::app {

struct App;

struct XraySubject {
    const char* method = "";  // the row's name
    const char* summary = ""; // the row's summary: what a row without a pyramid does instead
    bool surface = false;     // marching cubes' pyramid (outputs are vertices), else the points' (active cells)
    bool surfaceOffered = false; // the surface is drawn: the panel offers its pyramid
    XrayPyramid pyramid;         // no levels: none to draw
    hp::PointMethod* points = nullptr; // the pyramid's method (one of the two)
    surface::McMethod* mc = nullptr;
};
XraySubject xraySubject(App& app);

} // namespace dicer::app
