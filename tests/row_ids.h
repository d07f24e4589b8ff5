// The tests' way to name a row of the method table: test::methodId("hp_bits") gives the typed row index
// (methods::MethodId, a gl::RowId: row_table.h) of a row the test knows exists. A name no row has is a bug of the
// test: it stops the test program naming it (an invalid id would only fail later, further from the cause).
// PrintTo makes GoogleTest print any table's id as "row 3" rather than its bytes.
#pragma once

#include "method_table.h"
#include "row_table.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace dicer::gl {
template <class Row> void PrintTo(const RowId<Row>& id, std::ostream* os) {
    *os << "row " << id.row;
}
} // namespace dicer::gl

namespace dicer::test {

inline methods::MethodId methodId(std::string_view name) {
    std::optional<methods::MethodId> id = methods::findMethod(name);
    if (!id) {
        std::fprintf(stderr, "test bug: no method named '%s'\n", std::string(name).c_str());
        std::abort();
    }
    return *id;
}
// The row of a method the test knows exists.
inline const methods::MethodInfo& method(std::string_view name) {
    return methods::methodInfo(methodId(name));
}

} // namespace dicer::test
