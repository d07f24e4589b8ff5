// The shape every table of the engine shares (the methods that list the active voxels, the vox methods, the
// marching-cubes methods, the sorters): a row starts with one head (its name, label, summary, whether this driver
// can run it, and how to make it), a row is picked by a typed index (RowId<Row>: an index of one table cannot be
// used for another, and nothing compares names), and the lookups by name, the name lists for --help and the
// panels' combos and the "unknown name" message are written once, here.
#pragma once

#include "gl_info.h"
#include "result.h"
#include "shader.h"

#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::gl {

// What every row starts with. `name`: the command line's and the CSV's; `label`: the panels'; `summary`: one
// line for --help, tooltips and the docs. `create` makes the row's object for this driver (`Args`: what else the
// table's objects take).
template <class Object, class... Args> struct RowHead {
    const char* name;
    const char* label;
    const char* summary;
    bool (*isAvailable)(const GlInfo& info);
    Result<std::unique_ptr<Object>> (*create)(ShaderLibrary& shaders, const GlInfo& info, Args... args);
};

// The index of a row of the table of `Row`s.
template <class Row> struct RowId {
    int row = -1; // -1: none
    constexpr RowId() = default;
    constexpr explicit RowId(int index) : row(index) {}
    constexpr bool valid() const { return row >= 0; }
    constexpr auto operator<=>(const RowId&) const = default;
};

// A set of rows of one table: a bit per row (the tables that use it have at most 32 rows).
template <class Row> struct RowSet {
    std::uint32_t bits = 0;
    constexpr bool has(RowId<Row> id) const { return id.row >= 0 && id.row < 32 && (bits >> id.row & 1u) != 0; }
    constexpr void set(RowId<Row> id, bool on = true) {
        if (id.row < 0 || id.row >= 32) return;
        const std::uint32_t bit = 1u << id.row;
        bits = on ? bits | bit : bits & ~bit;
    }
    // The members, in table order.
    std::vector<RowId<Row>> ids(std::span<const Row> rows) const {
        std::vector<RowId<Row>> members;
        for (size_t i = 0; i < rows.size() && i < 32; ++i)
            if (has(RowId<Row>(int(i)))) members.emplace_back(int(i));
        return members;
    }
    constexpr bool operator==(const RowSet&) const = default;
};

// Every id of a table, in table order.
template <class Row> std::vector<RowId<Row>> rowIds(std::span<const Row> rows) {
    std::vector<RowId<Row>> ids;
    for (size_t i = 0; i < rows.size(); ++i)
        ids.emplace_back(int(i));
    return ids;
}
// The row of `id`; null for an id outside the table.
template <class Row> const Row* rowOf(std::span<const Row> rows, RowId<Row> id) {
    return id.row >= 0 && size_t(id.row) < rows.size() ? &rows[size_t(id.row)] : nullptr;
}
// The row named `name`; none for no row.
template <class Row> std::optional<RowId<Row>> findRow(std::span<const Row> rows, std::string_view name) {
    for (size_t i = 0; i < rows.size(); ++i)
        if (name == rows[i].name) return RowId<Row>(int(i));
    return std::nullopt;
}
// "a, b or c" (sep ", " and last " or "); "a|b|c" with sep = last = "|".
std::string joinNames(std::span<const std::string> names, const char* last = " or ", const char* sep = ", ");
// The names of the rows `keep` takes (every row by default), in table order.
template <class Row, class Keep> std::vector<std::string> rowNames(std::span<const Row> rows, Keep keep) {
    std::vector<std::string> names;
    for (const Row& r : rows)
        if (keep(r)) names.emplace_back(r.name);
    return names;
}
template <class Row> std::vector<std::string> rowNames(std::span<const Row> rows) {
    return rowNames(rows, [](const Row&) { return true; });
}
// "unknown vox method 'x' (binned, instanced, ... or compute)": the one message for a name no row has.
template <class Row> std::string unknownRowError(std::string_view what, std::string_view name, std::span<const Row> rows) {
    return "unknown " + std::string(what) + " '" + std::string(name) + "' (" + joinNames(rowNames(rows)) + ")";
}
// The row named `name`, or that message.
template <class Row>
Result<RowId<Row>> lookupRow(std::string_view what, std::string_view name, std::span<const Row> rows) {
    if (std::optional<RowId<Row>> id = findRow(rows, name)) return *id;
    return makeError(unknownRowError(what, name, rows));
}

} // namespace dicer::gl
