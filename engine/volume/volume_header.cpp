#include "volume_header.h"

#include "anatomy.h"
#include "file_read.h"
#include "header_text.h"
#include "input_file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <sys/stat.h>

namespace dicer::volume {
namespace fs = std::filesystem;

int fileTypeBytes(FileType type) {
    static constexpr int kBytes[] = {1, 1, 2, 2, 4, 4, 4, 8}; // enumerator order
    return kBytes[int(type)];
}

const char* fileTypeName(FileType type) {
    static constexpr const char* kNames[] = {"int8",  "uint8",  "int16",   "uint16",
                                             "int32", "uint32", "float32", "float64"};
    return kNames[int(type)];
}

ScalarType storedType(FileType type) {
    return type == FileType::Float64 ? ScalarType::Float32 : ScalarType(int(type));
}

Result<std::vector<std::int64_t>> parseSizes(std::string_view value, size_t count, std::string_view field) {
    const std::vector<std::string_view> words = splitWords(value);
    if (words.size() != count)
        return makeError(std::string(field) + " has " + std::to_string(words.size()) + " values where " +
                         std::to_string(count) + " axes need " + std::to_string(count));
    std::vector<std::int64_t> sizes;
    for (size_t axis = 0; axis < count; ++axis) {
        const std::optional<std::int64_t> n = parseInteger(words[axis]);
        if (!n)
            return makeError(std::string(field) + ": " + dicer::quoted(words[axis]) +
                             " is not a whole number");
        if (*n < 1)
            return makeError(std::string(field) + ": axis " + std::to_string(axis) + " has size " +
                             std::to_string(*n) + "; every axis needs at least 1 sample");
        if (*n > std::numeric_limits<int>::max())
            return makeError(std::string(field) + ": axis " + std::to_string(axis) + " has size " +
                             std::to_string(*n) + ", over the largest of " +
                             std::to_string(std::numeric_limits<int>::max()));
        sizes.push_back(*n);
    }
    return sizes;
}

std::optional<double> usableSpacing(double spacing) {
    const double s = std::fabs(spacing);
    if (!std::isfinite(s) || s > double(std::numeric_limits<float>::max()) || !(float(s) > 0.f))
        return std::nullopt;
    return s;
}

std::int64_t dataFilesFor(const glm::i64vec3& size, int subdim) {
    std::int64_t files = 1;
    for (int axis = subdim; axis < 3; ++axis)
        files *= size[axis];
    return files;
}

Result<std::vector<std::string>> numberedFileNames(std::string_view format, std::int64_t first,
                                                   std::int64_t last, std::int64_t step,
                                                   std::int64_t expected) {
    const std::string shown = "data file format " + dicer::quoted(format);
    // The format as literal text around one conversion.
    std::string before, after;
    bool found = false, zeroPad = false, leftAlign = false;
    int width = 0;
    for (size_t i = 0; i < format.size(); ++i) {
        std::string& text = found ? after : before;
        if (format[i] != '%') {
            text += format[i];
            continue;
        }
        if (i + 1 < format.size() && format[i + 1] == '%') {
            text += '%';
            ++i;
            continue;
        }
        if (found) return makeError(shown + " holds more than one conversion; it needs exactly one %d");
        size_t j = i + 1;
        for (; j < format.size() && (format[j] == '0' || format[j] == '-'); ++j)
            (format[j] == '0' ? zeroPad : leftAlign) = true;
        for (; j < format.size() && format[j] >= '0' && format[j] <= '9' && width <= 32; ++j)
            width = width * 10 + (format[j] - '0');
        if (width > 32) return makeError(shown + ": the width is over 32");
        if (j >= format.size() || (format[j] != 'd' && format[j] != 'i' && format[j] != 'u'))
            return makeError(shown + " holds a conversion other than %d (with an optional 0 flag and width)");
        found = true;
        i = j;
    }
    if (!found) return makeError(shown + " holds no %d for the file number");
    if (expected > kMaxVolumeDataFiles)
        return makeError("the sizes need " + std::to_string(expected) + " data files, over the limit of " +
                         std::to_string(kMaxVolumeDataFiles));
    constexpr std::int64_t kIntMin = std::numeric_limits<int>::min(),
                           kIntMax = std::numeric_limits<int>::max();
    for (std::int64_t n : {first, last, step})
        if (n < kIntMin || n > kIntMax) // printf's %d range; also keeps the arithmetic below in range
            return makeError(shown + ": the number " + std::to_string(n) + " is beyond 32 bits");
    if (step == 0) return makeError(shown + ": the step is 0");
    if ((last - first) / step < 0 || (last - first) / step + 1 != expected)
        return makeError(shown + " with " + std::to_string(first) + " to " + std::to_string(last) + " step " +
                         std::to_string(step) + " does not name the " + std::to_string(expected) +
                         " files the sizes need");
    std::vector<std::string> names;
    names.reserve(size_t(expected));
    for (std::int64_t k = 0; k < expected; ++k) {
        const std::int64_t n = first + k * step;
        std::string digits = std::to_string(n < 0 ? -n : n);
        std::string number = n < 0 ? "-" : "";
        const int pad = width - int(digits.size()) - int(number.size());
        if (pad > 0 && leftAlign)
            digits.append(size_t(pad), ' ');
        else if (pad > 0 && zeroPad)
            number.append(size_t(pad), '0');
        else if (pad > 0)
            number.insert(0, size_t(pad), ' ');
        names.push_back(before + number + digits + after);
    }
    return names;
}

std::string headerError(const VolumeHeader& header, int line, std::string_view message) {
    std::string out = header.source;
    if (line > 0) out.append(":").append(std::to_string(line));
    return out.append(": ").append(message);
}

VolumeHeader startHeader(std::string_view headerName, const fs::path& path) {
    VolumeHeader header;
    header.source = std::string(headerName) + " " + dicer::quoted(path.native());
    header.headerPath = path;
    return header;
}

Result<void> checkVolumeHeader(const VolumeHeader& header, std::int64_t capBytes) {
    const glm::i64vec3 s = header.size;
    for (int a = 0; a < 3; ++a) {
        if (s[a] < 1)
            return makeError(
                headerError(header, 0, "size " + sizeText(s.x, s.y, s.z) + " has an axis below 1"));
        // ScalarVolume keeps int sizes; the cap below is far lower anyway, but the product must not wrap.
        if (s[a] > std::numeric_limits<int>::max())
            return makeError(headerError(header, 0,
                                         "size " + sizeText(s.x, s.y, s.z) + ": an axis over " +
                                             std::to_string(std::numeric_limits<int>::max())));
    }
    const std::int64_t cap = std::min(capBytes, kMaxVolumeBytes);
    const ScalarType stored = storedType(header.type);
    // Three factors below 2^31 and 4 bytes: at most 2^95, so the product is computed in 128 bits.
    const unsigned __int128 bytes =
        (unsigned __int128)(s.x * s.y) * (unsigned __int128)s.z * (unsigned)bytesPerValue(stored);
    if (bytes > (unsigned __int128)cap) {
        std::string count;
        for (unsigned __int128 b = bytes; b > 0; b /= 10)
            count.insert(count.begin(), char('0' + int(b % 10)));
        std::string type = fileTypeName(header.type);
        if (header.type == FileType::Float64) type += " (stored as float32)";
        return makeError(headerError(header, 0,
                                     sizeText(s.x, s.y, s.z) + " " + type + " is " + count +
                                         " bytes, over the cap of " + std::to_string(cap) + " bytes"));
    }
    if (!header.dataFiles.empty() && header.voxelCount() % std::int64_t(header.dataFiles.size()) != 0)
        return makeError(headerError(header, 0,
                                     std::to_string(header.dataFiles.size()) +
                                         " data files do not divide the " +
                                         std::to_string(header.voxelCount()) + " samples evenly"));
    return {};
}

namespace {

// One name from the header, resolved inside `root` (the header's folder, canonical).
Result<fs::path> resolveOne(const VolumeHeader& header, const fs::path& root, std::string_view name) {
    const std::string shown = "data file " + dicer::quoted(name);
    auto fail = [&](const std::string& why) { return makeError(headerError(header, 0, shown + why)); };
    std::string cleaned(name);
    std::replace(cleaned.begin(), cleaned.end(), '\\', '/'); // Windows writers' separators
    if (cleaned.empty()) return makeError(headerError(header, 0, "a data file name is empty"));
    if (cleaned.find('\0') != std::string::npos) return fail(" contains a NUL byte");
    const fs::path relative(cleaned);
    if (relative.is_absolute() || relative.has_root_directory() || relative.has_root_name())
        return fail(" is absolute; only files beside the header are read");
    for (const fs::path& part : relative)
        if (part == "..") return fail(" contains '..'; only files beside the header are read");

    std::error_code ec;
    // canonical() follows every symlink, so a link beside the header that points elsewhere is caught here.
    const fs::path target = fs::canonical(root / relative, ec);
    if (ec) {
        const std::string why = unresolvedReason(root / relative, ec);
        return fail(why == "not found" ? " not found beside the header (in '" + root.string() + "')" : " " + why);
    }
    auto rootIt = root.begin();
    auto targetIt = target.begin();
    for (; rootIt != root.end(); ++rootIt, ++targetIt)
        if (targetIt == target.end() || *rootIt != *targetIt)
            return fail(" resolves to '" + target.string() + "', outside the header's folder '" +
                        root.string() + "'");
    // stat() only: opening a FIFO would block and opening some devices has side effects.
    struct stat st {};
    if (::stat(target.c_str(), &st) != 0) return fail(std::string(": ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
        return fail(std::string(" is not a regular file (it is ") + nonRegularFileKind(st.st_mode) + ")");
    return target;
}

} // namespace

Result<std::vector<fs::path>> resolveDataFiles(const VolumeHeader& header) {
    if (header.dataFiles.empty()) return std::vector<fs::path>{header.headerPath};
    std::error_code ec;
    const fs::path folder = header.headerPath.parent_path();
    const fs::path root = fs::canonical(folder.empty() ? fs::path(".") : folder, ec);
    if (ec) return makeError(headerError(header, 0, "its folder cannot be resolved: " + ec.message()));
    std::vector<fs::path> paths;
    paths.reserve(header.dataFiles.size());
    for (const std::string& name : header.dataFiles) {
        Result<fs::path> path = resolveOne(header, root, name);
        if (!path) return makeError(path.error());
        paths.push_back(std::move(path.value()));
    }
    return paths;
}

std::string orientationNote(const VolumeHeader& header) {
    if (header.ignoredOrientation.empty()) return {};
    std::string note = "orientation ignored (";
    for (size_t i = 0; i < header.ignoredOrientation.size(); ++i)
        note.append(i ? "; " : "").append(header.ignoredOrientation[i]);
    const std::string spacing = realText(header.spacing.x) + " x " + realText(header.spacing.y) + " x " +
                                realText(header.spacing.z);
    if (header.anatomy) // turned upright by whole axes (anatomy.h), the rest of the orientation unused
        return note + "): the volume is shown in its index axes turned upright (" + anatomyText(*header.anatomy) +
               "), scaled by its spacing " + spacing;
    return note + "): the volume is shown in its index frame, scaled by its spacing " + spacing;
}

// The steps both header parsers share (volume_header.h).

std::string headerNotEndedMessage() {
    return "the header does not end within its first " + std::to_string(kMaxVolumeHeaderBytes) + " bytes";
}

Result<void> HeaderFields::add(std::string key, std::string_view shown, HeaderField field) {
    if (auto [it, added] = m_fields.emplace(std::move(key), field); !added)
        return makeError(headerError(m_header, field.line,
                                     std::string(m_noun) + " " + dicer::quoted(shown) +
                                         " is given twice (first on line " + std::to_string(it->second.line) +
                                         ")"));
    return {};
}

const HeaderField* HeaderFields::find(std::string_view key) const {
    const auto it = m_fields.find(key);
    return it == m_fields.end() ? nullptr : &it->second;
}

Result<HeaderField> HeaderFields::require(std::string_view key, std::string_view shown) const {
    if (const HeaderField* field = find(key)) return *field;
    if (m_cutOff) return makeError(headerError(m_header, 0, headerNotEndedMessage()));
    return makeError(headerError(m_header, 0, "no '" + std::string(shown) + "' " + std::string(m_noun)));
}

Result<void> readDimensionAndSizes(VolumeHeader& header, const HeaderFields& fields,
                                   const DimensionKeys& keys) {
    const std::string shown(keys.dimensionShown);
    Result<HeaderField> dimension = fields.require(keys.dimensionKey, keys.dimensionShown);
    if (!dimension) return makeError(dimension.error());
    auto fail = [&](const std::string& m) { return makeError(headerError(header, dimension->line, m)); };
    const std::optional<std::int64_t> dims = parseInteger(dimension->value);
    if (!dims || *dims < 1 || *dims > keys.maxDimension)
        return fail(shown + " " + dicer::quoted(dimension->value) + " is not a number from 1 to " +
                    std::to_string(keys.maxDimension));
    Result<HeaderField> sizesField = fields.require(keys.sizesKey, keys.sizesShown);
    if (!sizesField) return makeError(sizesField.error());
    Result<std::vector<std::int64_t>> sizes = parseSizes(sizesField->value, size_t(*dims), keys.sizesShown);
    if (!sizes) return makeError(headerError(header, sizesField->line, sizes.error()));
    if (*dims == 2) return fail(shown + " 2: a 2D image, not a volume");
    if (keys.valuesOnFirstAxis && *dims == 4 && (*sizes)[0] > 1)
        return fail(shown + " 4 with " + std::to_string((*sizes)[0]) +
                    " values per voxel (its first axis): only scalar volumes, one value per voxel, are read");
    if (*dims != 3) return fail(shown + " " + std::to_string(*dims) + ": only 3D volumes are read");
    header.size = {(*sizes)[0], (*sizes)[1], (*sizes)[2]};
    return {};
}

std::optional<FileType> findFileType(std::span<const FileTypeName> names, std::string_view name) {
    for (const FileTypeName& n : names)
        if (n.name == name) return n.type;
    return std::nullopt;
}

Result<FileType> readFileType(const VolumeHeader& header, const HeaderField& field, std::string_view name,
                              const FileTypeNames& names) {
    if (const std::optional<FileType> type = findFileType(names.read, name)) return *type;
    const std::string shown(names.shown);
    if (isOneOf(name, names.unsupported))
        return makeError(headerError(header, field.line,
                                     shown + " " + dicer::quoted(field.value) +
                                         " is not supported (8- to 32-bit integers, float and double are)"));
    return makeError(headerError(header, field.line,
                                 "unknown " + shown + " " + dicer::quoted(field.value) + " (" +
                                     std::string(names.known) + ")"));
}

bool setAxisSpacing(VolumeHeader& header, int axis, double spacing) {
    const std::optional<double> s = usableSpacing(spacing);
    if (!s) return false;
    if (spacing < 0)
        header.ignoredOrientation.push_back(std::string("axis ") + kAxisNames[axis] +
                                            " flipped (negative spacing)");
    header.spacing[axis] = *s;
    return true;
}

std::string listedFilesMessage(std::string_view field, size_t listed, std::int64_t expected) {
    return std::string(field) + " LIST names " + std::to_string(listed) + " files where the sizes need " +
           std::to_string(expected);
}

} // namespace dicer::volume
