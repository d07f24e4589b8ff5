// Command-line options as one table: a row per setting {name, label, help, parse, format} drives a program's
// command line, its --help (defaults included, formatted from a default-constructed target) and the demo's UI
// labels and tooltips. This file is the generic part: value codecs (int, float, on/off, a name from a table,
// comma lists), rows bound to a field of the settings struct, the parser and the one error format. Which
// names and value spellings the settings use, shared by dicer and dicer-bench, is vocabulary.h.
// Modelled on nvpro's m_parameterList.add("method", &m_tweak.method) and Sascha Willems' CommandLineParser.
#pragma once

#include "renamed.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace dicer::options {

// How one value of type V reads and writes as text. parse(format(v)) == v for every valid v.
template <class V> struct Codec {
    std::string metavar;     // in --help: "N", "F", "shell|solid"
    std::string expects;     // in errors: "an integer in [1, 10000]", "shell or solid"
    std::string choices;     // in --help under the row, for names too many for the metavar ("NAME")
    double min = 0, max = 0; // the range of a number (a UI slider's too); min == max: not a number
    std::function<std::optional<V>(std::string_view)> parse;
    std::function<std::string(const V&)> format;
    // Why a value was refused, when the codec can say more than `expects` ("band '5,1': the lower end 5 is
    // above the upper end 1"); empty: the generic "bad value ... (expected ...)".
    std::function<std::string(std::string_view)> explain;
};

// "a, b or c" (an empty list gives ""); with other separators "a|b|c".
std::string joinChoices(std::span<const std::string> names, const char* last = " or ",
                        const char* sep = ", ");

// `unset`: a value that means "not given" (frames 0, explode-at -1, ui-scale 0): it formats as "" (no default in --help)
// and is not accepted as input.
Codec<int> intCodec(int min, int max, std::string metavar = "N", std::optional<int> unset = std::nullopt);
Codec<float> floatCodec(float min, float max, std::string metavar = "F", std::optional<float> unset = std::nullopt);
Codec<bool> switchCodec(); // on | off
// Any non-empty text that `valid` accepts (every non-empty text without it).
Codec<std::string> textCodec(std::string metavar, std::string expects,
                             std::function<bool(std::string_view)> valid = {});

// A value named in a table: {name, value} pairs; the first name of a value is how it is written, the others
// (if any) are read too.
template <class E>
Codec<E> namesCodec(std::vector<std::pair<std::string, E>> names, std::string metavar = {}) {
    std::vector<std::string> shown;
    for (const auto& entry : names)
        shown.push_back(entry.first);
    Codec<E> c;
    c.expects = joinChoices(shown);
    c.metavar = metavar.empty() ? joinChoices(shown, "|", "|") : metavar;
    c.parse = [names](std::string_view text) -> std::optional<E> {
        for (const auto& [name, value] : names)
            if (name == text) return value;
        return std::nullopt;
    };
    c.format = [names](const E& v) -> std::string {
        for (const auto& [name, value] : names)
            if (value == v) return name;
        return "?";
    };
    return c;
}

// The engine's own name function over all values of an enum (voxMethodName over voxMethods(), ...):
// one name table per enum, shared by every command line.
template <class E, class Range, class NameFn>
Codec<E> enumCodec(const Range& values, NameFn name, std::string metavar = {}) {
    std::vector<std::pair<std::string, E>> names;
    for (E v : values)
        names.emplace_back(name(v), v);
    return namesCodec<E>(std::move(names), std::move(metavar));
}

// The same with the engine's own inverse (parseVoxMethod, ...) reading the names.
template <class E, class Range, class NameFn, class ParseFn>
Codec<E> enumCodec(const Range& values, NameFn name, ParseFn parse) {
    Codec<E> c = enumCodec<E>(values, name);
    c.parse = [parse](std::string_view text) -> std::optional<E> { return parse(text); };
    return c;
}

// A comma-separated list of items, for sweeps ("uint32,float32"); `all` names every value ("both", "all"),
// `none` the empty list.
template <class V>
Codec<std::vector<V>> listCodec(Codec<V> item, std::string all = {}, std::vector<V> allValues = {},
                                std::string none = {}) {
    Codec<std::vector<V>> c;
    c.metavar = item.metavar + "[,...]";
    if (!all.empty()) c.metavar += "|" + all;
    if (!none.empty()) c.metavar += "|" + none;
    c.choices = item.choices;
    c.expects = "a comma list of " + item.expects + (all.empty() ? "" : ", or " + all) +
                (none.empty() ? "" : ", or " + none);
    c.parse = [item, all, allValues, none](std::string_view text) -> std::optional<std::vector<V>> {
        if (!all.empty() && text == all) return allValues;
        if (!none.empty() && text == none) return std::vector<V>{};
        std::vector<V> out;
        for (size_t start = 0;;) {
            const size_t comma = text.find(',', start);
            std::optional<V> v = item.parse(text.substr(start, comma - start));
            if (!v) return std::nullopt;
            out.push_back(*v);
            if (comma == std::string_view::npos) break;
            start = comma + 1;
        }
        return out;
    };
    c.format = [item, none](const std::vector<V>& values) {
        std::string out;
        for (const V& v : values) {
            if (!out.empty()) out += ',';
            out += item.format(v);
        }
        return values.empty() ? none : out;
    };
    return c;
}

// What a row says about itself, independent of the settings type: --help and the UI read this.
struct OptionText {
    std::string_view name;  // the long option without "--": "preset"
    std::string_view label; // UI label ("volume"); empty: the option has no widget
    std::string_view help;  // one line: --help and the UI tooltip
};

struct RowInfo {
    OptionText text;
    std::string_view section; // --help starts a group here ("pipeline"); empty: the previous row's group
    std::string metavar, expects, choices;
    double min = 0, max = 0;    // a number's range (Codec::min, max)
    std::string implicitValue; // what the bare "--name" means ("on" for a switch); empty: a value is needed
    bool early = false;        // a mode that sets other options (--quick): applied before them
    std::function<std::string(std::string_view)> explain; // Codec::explain
};

template <class Target> struct Option : RowInfo {
    std::function<bool(Target&, std::string_view)> parse; // false: a bad value
    std::function<std::string(const Target&)> format;
};

// A path of member pointers to a field, for option(): field(&Settings::pipeline, &PipelineSettings::preset)
// reads settings.pipeline.preset, const for format and mutable for parse.
template <class... Members> auto field(Members... members) {
    return [=](auto& target) -> auto& {
        return (target.*....*members);
    };
}

// A row whose value goes through a setter and comes back through a getter (inverted switches, a mode that
// sets several fields, an index looked up by name).
template <class Target, class V>
Option<Target> option(OptionText text, Codec<V> codec, std::function<V(const Target&)> get,
                      std::function<void(Target&, V)> set) {
    Option<Target> row;
    row.text = text;
    row.metavar = codec.metavar;
    row.expects = codec.expects;
    row.choices = codec.choices;
    row.min = codec.min;
    row.max = codec.max;
    row.explain = codec.explain;
    row.parse = [parse = codec.parse, set](Target& t, std::string_view s) {
        std::optional<V> v = parse(s);
        if (v) set(t, std::move(*v));
        return v.has_value();
    };
    row.format = [format = codec.format, get](const Target& t) { return format(get(t)); };
    return row;
}

// A row bound to a field: `field` is a member pointer or a generic lambda `[](auto& t) -> auto& {...}` (it
// is called on Target& to parse and on const Target& to format).
template <class Target, class V, class Field>
Option<Target> option(OptionText text, Codec<V> codec, Field field) {
    return option<Target, V>(
        text, std::move(codec), [field](const Target& t) { return V(std::invoke(field, t)); },
        [field](Target& t, V v) { std::invoke(field, t) = std::move(v); });
}

// A switch: "--name" alone means "--name on".
template <class Target> Option<Target> flag(Option<Target> row) {
    row.implicitValue = "on";
    return row;
}

template <class Target> Option<Target> inSection(std::string_view section, Option<Target> row) {
    row.section = section;
    return row;
}

template <class Target> struct Table {
    std::string_view program;    // "dicer": the prefix of every message
    std::string_view synopsis;   // "[model.obj] [options]"
    std::string_view about;      // printed under the usage line
    std::string_view epilogue;   // printed after the options (exit status, ...)
    std::string_view positional; // the row a bare argument sets (at most once); empty: none
    std::vector<Option<Target>> rows;
    std::span<const Renamed> renamed; // spellings it no longer takes (renamed.h): each one usage error

    const Option<Target>* find(std::string_view name) const {
        for (const Option<Target>& r : rows)
            if (r.text.name == name) return &r;
        return nullptr;
    }
};

enum class Parsed { Run, Help, Error };

// --- the generic parts, independent of the settings type (options.cpp) --------------------------------
struct Header {
    std::string_view program, synopsis, about, epilogue;
};
// The usage line, then every row: "--name METAVAR  help (default: X)" grouped by section; `defaults[i]` is
// row i formatted from a default-constructed target.
void printHelp(std::FILE* out, const Header& header, std::span<const RowInfo* const> rows,
               std::span<const std::string> defaults);

// One argument, looked up: the row index (or -1 with the error message set) and its value.
struct Lookup {
    int row = -1;
    std::string value, error;
    bool help = false;
};
// Reads argv[i] (and argv[i + 1] when the option takes its value from there, advancing i). An option that was
// renamed is its one error: "--variant was renamed: use --method".
Lookup lookupArgument(std::span<const RowInfo* const> rows, std::span<const Renamed> renamed, int positional,
                      int argc, const char* const* argv, int& i);
// "bad value 'x' for --storage (expected uint32 or float32)".
std::string badValue(const RowInfo& row, std::string_view value);
// Prints "program: message" and the usage line, with a hint to --help, to stderr.
void reportError(std::string_view program, std::string_view synopsis, const std::string& message);

// Parses argv into `target` in two rounds: modes (early rows) first, then the rest in argument order, so a
// mode's defaults never override an option given next to it. Help prints to stdout; an error prints one line
// naming the option (and how to get --help) to stderr, and `error` receives it.
// `given` (if not null) receives the name of every row the arguments set, in argument order: what an option
// applies to is checked against it afterwards (an option of another input is a usage error).
template <class Target>
Parsed parse(const Table<Target>& table, int argc, const char* const* argv, Target& target,
             std::string* error = nullptr, std::vector<std::string>* given = nullptr) {
    std::vector<const RowInfo*> infos;
    int positional = -1;
    for (const Option<Target>& r : table.rows) {
        if (r.text.name == table.positional) positional = int(infos.size());
        infos.push_back(&r);
    }
    auto fail = [&](const std::string& message) {
        reportError(table.program, table.synopsis, message);
        if (error) *error = message;
        return Parsed::Error;
    };
    std::vector<std::pair<int, std::string>> values;
    bool havePositional = false;
    for (int i = 1; i < argc; ++i) {
        Lookup l = lookupArgument(infos, table.renamed, positional, argc, argv, i);
        if (l.help) {
            printHelp(stdout, table);
            return Parsed::Help;
        }
        if (l.row < 0) return fail(l.error);
        if (l.row == positional && argv[i][0] != '-') {
            if (havePositional)
                return fail("only one " + infos[size_t(l.row)]->metavar + ", got '" + l.value + "' too");
            havePositional = true;
        }
        values.emplace_back(l.row, std::move(l.value));
    }
    if (given)
        for (const auto& entry : values)
            given->emplace_back(table.rows[size_t(entry.first)].text.name);
    for (bool early : {true, false})
        for (const auto& [row, value] : values) {
            const Option<Target>& r = table.rows[size_t(row)];
            if (r.early == early && !r.parse(target, value)) return fail(badValue(r, value));
        }
    return Parsed::Run;
}

template <class Target> void printHelp(std::FILE* out, const Table<Target>& table) {
    std::vector<const RowInfo*> infos;
    std::vector<std::string> defaults;
    const Target fresh{};
    for (const Option<Target>& r : table.rows) {
        infos.push_back(&r);
        defaults.push_back(r.format(fresh));
    }
    printHelp(out, {table.program, table.synopsis, table.about, table.epilogue}, infos, defaults);
}

} // namespace dicer::options
