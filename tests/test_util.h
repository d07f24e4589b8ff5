// Small helpers shared by the CPU-only tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace dicer::test {

// EXPECT_TRUE(containsText(message, "needle")) prints both strings on failure (no gmock needed).
inline ::testing::AssertionResult containsText(std::string_view text, std::string_view needle) {
    if (text.find(needle) != std::string_view::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << needle << "'";
}

// A row of a table of bad inputs: the input (a file's text, a face line, ...) and a part of the one error it
// must give.
struct ErrorCase {
    const char* input;
    const char* expected;
};

} // namespace dicer::test
