#include "frame_stages.h"

namespace dicer::frame {

static_assert(
    [] {
        for (size_t i = 0; i < kStages.size(); ++i)
            if (int(kStages[i].stage) != int(i)) return false;
        return true;
    }(),
    "kStages lists the stages in enumerator order");

const StageInfo& stageInfo(Stage stage) {
    return kStages[size_t(stage)];
}

std::optional<Stage> findStage(std::string_view name) {
    for (const StageInfo& s : kStages)
        if (name == s.name) return s.stage;
    return std::nullopt;
}

} // namespace dicer::frame
