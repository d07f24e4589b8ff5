#include "options.h"

#include "row_table.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace dicer::options {

// The engine's tables list their rows the same way ("a, b or c").
std::string joinChoices(std::span<const std::string> names, const char* last, const char* sep) {
    return gl::joinNames(names, last, sep);
}

Codec<int> intCodec(int min, int max, std::string metavar, std::optional<int> unset) {
    Codec<int> c;
    c.metavar = std::move(metavar);
    c.expects = "an integer in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
    c.min = min;
    c.max = max;
    c.parse = [min, max](std::string_view s) -> std::optional<int> {
        int v = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < min || v > max)
            return std::nullopt;
        return v;
    };
    c.format = [unset](const int& v) { return v == unset ? std::string() : std::to_string(v); };
    return c;
}

Codec<float> floatCodec(float min, float max, std::string metavar, std::optional<float> unset) {
    Codec<float> c;
    c.metavar = std::move(metavar);
    char range[64];
    std::snprintf(range, sizeof range, "a number in [%g, %g]", double(min), double(max));
    c.expects = range;
    c.min = min;
    c.max = max;
    c.parse = [min, max](std::string_view s) -> std::optional<float> {
        // strtof accepts what users type ("1e-3", ".5"); the whole text must be the number.
        const std::string text(s);
        char* end = nullptr;
        const float v = std::strtof(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !(v >= min && v <= max)) return std::nullopt;
        return v;
    };
    c.format = [unset](const float& v) {
        if (v == unset) return std::string();
        char buf[32];
        for (int digits = 6; digits <= 9; ++digits) { // the shortest text that reads back exactly ("0.3")
            std::snprintf(buf, sizeof buf, "%.*g", digits, double(v));
            if (std::strtof(buf, nullptr) == v) break;
        }
        return std::string(buf);
    };
    return c;
}

Codec<bool> switchCodec() {
    return namesCodec<bool>({{"on", true}, {"off", false}});
}

Codec<std::string> textCodec(std::string metavar, std::string expects,
                             std::function<bool(std::string_view)> valid) {
    Codec<std::string> c;
    c.metavar = std::move(metavar);
    c.expects = std::move(expects);
    c.parse = [valid](std::string_view s) -> std::optional<std::string> {
        if (s.empty() || (valid && !valid(s))) return std::nullopt;
        return std::string(s);
    };
    c.format = [](const std::string& s) { return s; };
    return c;
}

void printHelp(std::FILE* out, const Header& h, std::span<const RowInfo* const> rows,
               std::span<const std::string> defaults) {
    std::fprintf(out, "usage: %.*s %.*s\n", int(h.program.size()), h.program.data(), int(h.synopsis.size()),
                 h.synopsis.data());
    if (!h.about.empty()) std::fprintf(out, "%.*s\n", int(h.about.size()), h.about.data());
    constexpr int kColumn = 28;  // where the help text starts
    constexpr size_t kText = 82; // its width: lines of 110 characters, as the code
    for (size_t i = 0; i < rows.size(); ++i) {
        const RowInfo& r = *rows[i];
        if (!r.section.empty()) std::fprintf(out, "\n%.*s:\n", int(r.section.size()), r.section.data());
        std::string left = "  --" + std::string(r.text.name);
        if (!r.metavar.empty() && r.implicitValue.empty()) left += " " + r.metavar; // switches: no value
        std::string help(r.text.help);
        const std::string& def = defaults[i];
        if (!def.empty() && !(r.implicitValue == "on" && def == "off")) help += " (default " + def + ")";
        if (!r.choices.empty()) help += "; " + r.metavar.substr(0, r.metavar.find('[')) + ": " + r.choices;
        // The help text wrapped at word boundaries into the column right of the option.
        std::string line = left;
        bool first = true;
        for (size_t start = 0; start < help.size();) {
            size_t end = start + kText;
            if (end >= help.size())
                end = help.size();
            else if (size_t space = help.rfind(' ', end); space != std::string::npos && space > start)
                end = space;
            if (first && int(line.size()) + 2 > kColumn)
                std::fprintf(out, "%s\n", line.c_str()), line.clear();
            std::fprintf(out, "%-*s%s\n", kColumn, line.c_str(), help.substr(start, end - start).c_str());
            line.clear();
            first = false;
            start = end + (end < help.size() && help[end] == ' ' ? 1 : 0);
        }
    }
    std::fprintf(
        out, "  --help                    this text\n"
             "Values go after a space or '=' (--preset=64); a switch alone means on, --switch=off off.\n");
    if (!h.epilogue.empty()) std::fprintf(out, "\n%.*s\n", int(h.epilogue.size()), h.epilogue.data());
}

Lookup lookupArgument(std::span<const RowInfo* const> rows, std::span<const Renamed> renamed, int positional,
                      int argc, const char* const* argv, int& i) {
    Lookup l;
    std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
        l.help = true;
        return l;
    }
    if (!arg.starts_with("-")) {
        if (positional < 0) {
            l.error = "unexpected argument '" + std::string(arg) + "'";
            return l;
        }
        l.row = positional;
        l.value = arg;
        return l;
    }
    if (!arg.starts_with("--") || arg.size() == 2) {
        l.error = "unknown option '" + std::string(arg) + "'";
        return l;
    }
    std::string_view name = arg.substr(2);
    std::optional<std::string_view> inlineValue; // --name=value
    if (size_t eq = name.find('='); eq != std::string_view::npos) {
        inlineValue = name.substr(eq + 1);
        name = name.substr(0, eq);
    }
    for (size_t r = 0; r < rows.size() && l.row < 0; ++r)
        if (rows[r]->text.name == name) l.row = int(r);
    if (l.row < 0) {
        const Renamed* old = findRenamed(renamed, name);
        l.error = old ? renamedMessage(*old) : "unknown option '--" + std::string(name) + "'";
        return l;
    }
    const RowInfo& row = *rows[size_t(l.row)];
    if (inlineValue) {
        l.value = *inlineValue;
    } else if (!row.implicitValue.empty()) {
        l.value = row.implicitValue;
    } else if (i + 1 < argc) {
        l.value = argv[++i];
    } else {
        l.error = "--" + std::string(name) + " needs a value: " + row.expects;
        l.row = -1;
    }
    return l;
}

std::string badValue(const RowInfo& row, std::string_view value) {
    if (row.explain)
        if (std::string why = row.explain(value); !why.empty()) return "--" + std::string(row.text.name) + ": " + why;
    return "bad value '" + std::string(value) + "' for --" + std::string(row.text.name) + " (expected " +
           row.expects + ")";
}

void reportError(std::string_view program, std::string_view synopsis, const std::string& message) {
    const int n = int(program.size());
    std::fprintf(stderr, "%.*s: %s\nusage: %.*s %.*s (%.*s --help lists every option)\n", n, program.data(),
                 message.c_str(), n, program.data(), int(synopsis.size()), synopsis.data(), n,
                 program.data());
}

} // namespace dicer::options
