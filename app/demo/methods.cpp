#include "methods.h"

#include <vector>

namespace dicer::app {

std::span<const DemoMethod> demoMethods() {
    static const std::vector<DemoMethod> methods = [] {
        std::vector<DemoMethod> m;
        for (const hp::VariantInfo& v : hp::variantTable())
            m.push_back({v.name, v.summary, &v, nullptr});
        for (const peers::PeerInfo& p : peers::peerTable())
            if (std::string_view(p.name).substr(0, 4) != "cpu_")
                m.push_back({p.name, p.summary, nullptr, &p});
        return m;
    }();
    return methods;
}

int findDemoMethod(std::string_view name) {
    auto methods = demoMethods();
    for (size_t i = 0; i < methods.size(); ++i)
        if (name == methods[i].name) return int(i);
    return -1;
}

} // namespace dicer::app
