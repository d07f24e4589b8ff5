#include "xray_subject.h"

#include "app.h"
#include "mc_method_table.h"
#include "method_table.h"

namespace dicer::app {

XraySubject xraySubject(App& app) {
    XraySubject s;
    frame::Frame& frame = *app.gpu->frame;
    surface::McMethod* mc = frame.surface().drawable();
    s.surfaceOffered = mc && app.settings.view.shown.run(frame::Stage::Expand);
    if (s.surfaceOffered && app.ui.xraySurface.value_or(!app.settings.view.shown.has(kPointsView))) {
        s.surface = true;
        s.mc = mc;
        s.method = mc->name();
        s.summary = surface::mcMethodInfo(app.settings.frame.mcMethod).summary;
        s.pyramid.levels = mc->xrayLevels();
        s.pyramid.draw = [mc](std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
            return mc->drawXray(tiles, canvas);
        };
        return s;
    }
    hp::PointMethod* m = frame.method();
    if (!m) return s;
    s.points = m;
    s.method = m->name();
    s.summary = methods::methodInfo(app.settings.frame.method).summary;
    s.pyramid.levels = m->xrayLevels();
    s.pyramid.draw = [m](std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
        return m->drawXray(tiles, canvas);
    };
    return s;
}

} // namespace dicer::app
