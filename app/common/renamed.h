// The spellings the programs no longer take, in one table: each is one usage error naming what replaced it
// (exit status 2), never a silent alias, so an old script fails at once with the new spelling in the message.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace dicer::options {

struct Renamed {
    std::string_view old; // the option without "--": "variant"
    std::string_view use; // what to write instead: "--method"
};

std::span<const Renamed> renamedDemoOptions();  // dicer's
std::span<const Renamed> renamedBenchOptions(); // dicer-bench's
const Renamed* findRenamed(std::span<const Renamed> table, std::string_view name);
// "--variant was renamed: use --method"
std::string renamedMessage(const Renamed& renamed);

} // namespace dicer::options
