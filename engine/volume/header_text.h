// The small text tools both volume header parsers (NRRD, MetaImage) share: lines with their numbers, words,
// strict numbers (the whole word or nothing: "12abc" and "1e999" are refused, never read as 12 or inf) and
// names of sizes for messages. No allocation beyond the returned values; no locale.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::volume {

// One line of a header: its text without the line end ("\n" or "\r\n"), its 1-based number, and the offset
// of the byte after its line end (where the next line, or attached data, starts).
struct HeaderLine {
    std::string_view text;
    int number = 0;
    size_t next = 0;
    bool terminated = false; // false: the last line of the text, without a line end
};

// Splits `text` into lines, one at a time (the parsers stop at the header's end; data may follow).
class LineReader {
public:
    explicit LineReader(std::string_view text) : m_text(text) {}
    std::optional<HeaderLine> next();
    size_t offset() const { return m_pos; }

private:
    std::string_view m_text;
    size_t m_pos = 0;
    int m_number = 0;
};

std::string_view trim(std::string_view text); // spaces, tabs, '\r', '\v', '\f' at both ends
// Whether `word` is one of `list` (exactly: the caller normalizes both).
bool isOneOf(std::string_view word, std::span<const std::string_view> list);
std::vector<std::string_view> splitWords(std::string_view text);
std::string lowercase(std::string_view text);
// Lowercase with every run of blanks made one space ("Unsigned  Short" -> "unsigned short").
std::string normalizedWords(std::string_view text);

// The whole word as a decimal integer (an optional sign, digits), or nullopt (garbage, out of range).
std::optional<std::int64_t> parseInteger(std::string_view word);
// The whole word as a real number ("4.000000e+000", "-1", "nan", "inf"), or nullopt (garbage, a value beyond
// double's range). Finite-ness is the caller's check: NRRD spells an absent spacing "nan".
std::optional<double> parseReal(std::string_view word);

// "64x64x93" for messages.
std::string sizeText(std::int64_t x, std::int64_t y, std::int64_t z);
// A real number in messages: the shortest text that reads back as the same double.
std::string realText(double value);

} // namespace dicer::volume
