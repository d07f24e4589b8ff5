#include "xray_report.h"

#include "app.h"

#include <cstdio>

namespace dicer::app {

void printXray(App& app, int asked) {
    hp::PointMethod* m = app.gpu ? app.gpu->frame->method() : nullptr;
    if (!m) {
        std::printf("xray: no method ran: nothing to follow\n");
        app.scriptFailed = true;
        return;
    }
    const std::uint32_t count = m->readCount();
    if (count == 0) {
        std::printf("xray: %s listed no outputs: nothing to follow\n", m->name());
        return;
    }
    std::uint32_t k = std::uint32_t(asked);
    if (k >= count) {
        std::printf("xray: output %u is beyond the %u outputs of %s: following the last, %u\n", k, count,
                    m->name(), count - 1);
        k = count - 1;
    }
    Result<hp::XrayPath> path = m->trace(k);
    if (!path) {
        std::printf("xray: %s\n", path.error().c_str());
        app.scriptFailed = true;
        return;
    }
    std::printf("xray: output %u of %u, down %s's pyramid as its own traversal took it on the GPU:\n", k, count,
                m->name());
    for (const std::string& line : hp::describeXray(*path)) std::printf("xray:   %s\n", line.c_str());
}

} // namespace dicer::app
