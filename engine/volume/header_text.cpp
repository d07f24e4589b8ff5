#include "header_text.h"

#include <charconv>
#include <cmath>

namespace dicer::volume {

namespace {
bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}
} // namespace

std::optional<HeaderLine> LineReader::next() {
    if (m_pos >= m_text.size()) return std::nullopt;
    HeaderLine line;
    line.number = ++m_number;
    const size_t end = m_text.find('\n', m_pos);
    line.terminated = end != std::string_view::npos;
    const size_t stop = line.terminated ? end : m_text.size();
    line.text = m_text.substr(m_pos, stop - m_pos);
    if (!line.text.empty() && line.text.back() == '\r') line.text.remove_suffix(1);
    m_pos = line.terminated ? end + 1 : m_text.size();
    line.next = m_pos;
    return line;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && isBlank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isBlank(text.back()))
        text.remove_suffix(1);
    return text;
}

bool isOneOf(std::string_view word, std::span<const std::string_view> list) {
    for (std::string_view entry : list)
        if (entry == word) return true;
    return false;
}

std::vector<std::string_view> splitWords(std::string_view text) {
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && isBlank(text[i]))
            ++i;
        const size_t start = i;
        while (i < text.size() && !isBlank(text[i]))
            ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

std::string normalizedWords(std::string_view text) {
    std::string out;
    for (std::string_view word : splitWords(text)) {
        if (!out.empty()) out += ' ';
        out += lowercase(word);
    }
    return out;
}

std::optional<std::int64_t> parseInteger(std::string_view word) {
    if (!word.empty() && word.front() == '+') word.remove_prefix(1); // from_chars takes '-' only
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (word.empty() || error != std::errc() || end != word.data() + word.size()) return std::nullopt;
    return value;
}

std::optional<double> parseReal(std::string_view word) {
    if (!word.empty() && word.front() == '+') word.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (word.empty() || error != std::errc() || end != word.data() + word.size()) return std::nullopt;
    return value;
}

std::string sizeText(std::int64_t x, std::int64_t y, std::int64_t z) {
    return std::to_string(x) + "x" + std::to_string(y) + "x" + std::to_string(z);
}

std::string realText(double value) {
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

} // namespace dicer::volume
