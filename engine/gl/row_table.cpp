#include "row_table.h"

namespace dicer::gl {

std::string joinNames(std::span<const std::string> names, const char* last, const char* sep) {
    std::string out;
    for (size_t i = 0; i < names.size(); ++i) {
        out += i == 0 ? "" : i + 1 == names.size() ? last : sep;
        out += names[i];
    }
    return out;
}

} // namespace dicer::gl
