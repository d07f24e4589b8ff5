#include "nrrd_header.h"

#include "anatomy.h"

#include "file_read.h"
#include "header_text.h"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace dicer::volume {

namespace {

// Every spelling the format defines for the types we read (format.html, "type").
constexpr FileTypeName kNrrdTypes[] = {
    {"signed char", FileType::Int8},
    {"int8", FileType::Int8},
    {"int8_t", FileType::Int8},
    {"uchar", FileType::Uint8},
    {"unsigned char", FileType::Uint8},
    {"uint8", FileType::Uint8},
    {"uint8_t", FileType::Uint8},
    {"short", FileType::Int16},
    {"short int", FileType::Int16},
    {"signed short", FileType::Int16},
    {"signed short int", FileType::Int16},
    {"int16", FileType::Int16},
    {"int16_t", FileType::Int16},
    {"ushort", FileType::Uint16},
    {"unsigned short", FileType::Uint16},
    {"unsigned short int", FileType::Uint16},
    {"uint16", FileType::Uint16},
    {"uint16_t", FileType::Uint16},
    {"int", FileType::Int32},
    {"signed int", FileType::Int32},
    {"int32", FileType::Int32},
    {"int32_t", FileType::Int32},
    {"uint", FileType::Uint32},
    {"unsigned int", FileType::Uint32},
    {"uint32", FileType::Uint32},
    {"uint32_t", FileType::Uint32},
    {"float", FileType::Float32},
    {"double", FileType::Float64},
};
// Valid NRRD types we do not read: 64-bit integers (no GL texture format holds them exactly) and blocks.
constexpr std::string_view kNrrdUnsupportedTypes[] = {
    "longlong", "long long", "long long int", "signed long long",   "signed long long int",
    "int64",    "int64_t",   "ulonglong",     "unsigned long long", "unsigned long long int",
    "uint64",   "uint64_t",  "block"};
constexpr FileTypeNames kNrrdTypeNames = {
    "type", kNrrdTypes, kNrrdUnsupportedTypes,
    "int8, uint8, int16, uint16, int32, uint32, float, double, or another NRRD spelling of them"};
constexpr std::string_view kUnsupportedEncodings[] = {"txt", "text", "ascii", "hex", "bz2", "bzip2", "zrl"};
// Axis kinds of positions, not of values: any other kind on an axis of several samples means several
// values per voxel (RGB-color, vector, a matrix, ...).
constexpr std::string_view kSpatialKinds[] = {"domain", "space", "time", "???", "none"};
// The fields we read, by their name lowercased without spaces ("data file" = "datafile", as teem allows).
constexpr std::string_view kKnownFields[] = {"dimension", "type",     "sizes",           "encoding",
                                             "endian",    "spacings", "spacedirections", "spaceorigin",
                                             "kinds",     "datafile", "lineskip",        "byteskip",
                                             "space"};
// Up to 16 axes (format.html, "dimension"); a 4D header may hold several values per voxel on its first axis.
constexpr DimensionKeys kNrrdDimension = {"dimension", "dimension", "sizes", "sizes", 16, true};

// "(1,0,0) (0,1.5,0) none": per entry the vector, or nullopt for "none". nullopt for a syntax error.
std::optional<std::vector<std::optional<std::vector<double>>>> parseVectors(std::string_view text) {
    std::vector<std::optional<std::vector<double>>> vectors;
    text = trim(text);
    while (!text.empty()) {
        if (text.substr(0, 4) == "none") {
            vectors.emplace_back(std::nullopt);
            text.remove_prefix(4);
        } else if (text.front() == '(') {
            const size_t close = text.find(')');
            if (close == std::string_view::npos) return std::nullopt;
            std::vector<double> v;
            std::string_view inner = text.substr(1, close - 1);
            for (size_t start = 0;;) {
                const size_t comma = inner.find(',', start);
                const std::optional<double> x = parseReal(trim(inner.substr(start, comma - start)));
                if (!x || !std::isfinite(*x)) return std::nullopt;
                v.push_back(*x);
                if (comma == std::string_view::npos) break;
                start = comma + 1;
            }
            vectors.emplace_back(std::move(v));
            text.remove_prefix(close + 1);
        } else {
            return std::nullopt;
        }
        text = trim(text);
    }
    return vectors;
}

std::string vectorText(const std::vector<double>& v) {
    std::string out = "(";
    for (size_t i = 0; i < v.size(); ++i)
        out.append(i ? ", " : "").append(realText(v[i]));
    return out + ")";
}

// Spacing from `spacings` or `space directions` (the vectors' lengths), and what orientation is ignored.
Result<void> readSpacing(VolumeHeader& h, const HeaderFields& fields) {
    auto fail = [&](int line, const std::string& m) { return makeError(headerError(h, line, m)); };
    if (const HeaderField* directions = fields.find("spacedirections")) {
        const auto vectors = parseVectors(directions->value);
        if (!vectors || vectors->size() != 3)
            return fail(directions->line, "space directions " + dicer::quoted(directions->value) +
                                              " are not 3 vectors like (1,0,0) or none");
        bool aligned = true;
        for (int a = 0; a < 3; ++a) {
            if (!(*vectors)[size_t(a)]) continue; // "none": no spacing given, 1
            const std::vector<double>& v = *(*vectors)[size_t(a)];
            double length = 0;
            for (double x : v)
                length += x * x;
            if (!setAxisSpacing(h, a, std::sqrt(length)))
                return fail(directions->line, "space direction " + vectorText(v) + " of axis " +
                                                  kAxisNames[a] +
                                                  " has no usable length (zero, or beyond float's range)");
            for (size_t c = 0; c < v.size(); ++c)
                if (int(c) == a ? !(v[c] > 0) : v[c] != 0) aligned = false;
            if (v.size() != 3) aligned = false;
        }
        if (!aligned) h.ignoredOrientation.push_back("space directions not along the index axes");
        std::array<glm::dvec3, 3> axes{};
        for (int a = 0; a < 3; ++a)
            if (const auto& v = (*vectors)[size_t(a)]; v && v->size() == 3)
                axes[size_t(a)] = {(*v)[0], (*v)[1], (*v)[2]};
        if (const HeaderField* space = fields.find("space")) h.anatomy = nrrdAnatomy(trim(space->value), axes);
    } else if (const HeaderField* spacings = fields.find("spacings")) {
        const std::vector<std::string_view> words = splitWords(spacings->value);
        if (words.size() != 3)
            return fail(spacings->line,
                        "spacings has " + std::to_string(words.size()) + " values where 3 axes need 3");
        for (int a = 0; a < 3; ++a) {
            const std::optional<double> x = parseReal(words[size_t(a)]);
            if (!x)
                return fail(spacings->line,
                            "spacing " + dicer::quoted(words[size_t(a)]) + " is not a number");
            if (std::isnan(*x)) continue; // the format's "no spacing on this axis": 1
            if (!setAxisSpacing(h, a, *x))
                return fail(spacings->line, std::string("spacing ") + dicer::quoted(words[size_t(a)]) +
                                                " of axis " + kAxisNames[a] +
                                                " is zero, infinite or beyond float's range");
        }
    }
    if (const HeaderField* space = fields.find("space"); space && !fields.find("spacedirections"))
        h.anatomy = nrrdAnatomy(trim(space->value), std::nullopt); // the space's own axes
    if (const HeaderField* originField = fields.find("spaceorigin")) {
        const auto origin = parseVectors(originField->value);
        if (!origin || origin->size() != 1 || !(*origin)[0])
            return fail(originField->line, "space origin " + dicer::quoted(originField->value) +
                                               " is not a vector like (0,0,0)");
        for (double x : *(*origin)[0])
            if (x != 0) {
                h.ignoredOrientation.push_back("space origin " + vectorText(*(*origin)[0]));
                break;
            }
    }
    return {};
}

// The `data file` field: one name, a numbered series, or LIST (the names are the lines after it).
Result<void> readDataFiles(VolumeHeader& h, const HeaderField& field,
                           const std::vector<std::string>& listed) {
    auto fail = [&](const std::string& m) { return makeError(headerError(h, field.line, m)); };
    const std::vector<std::string_view> words = splitWords(field.value);
    const bool list = !words.empty() && words[0] == "LIST";
    const bool series = !list && field.value.find('%') != std::string_view::npos;
    int subdim = 3; // a single file holds everything
    if (list || series) {
        subdim = 2; // the format's default: one file per slice
        const size_t subdimWord = list ? 1 : 4;
        if (words.size() > subdimWord + 1 || (series && words.size() < 4))
            return fail("data file " + dicer::quoted(field.value) +
                        (list ? " is not 'LIST [subdim]'" : " is not 'format first last step [subdim]'"));
        if (words.size() == subdimWord + 1) {
            const std::optional<std::int64_t> n = parseInteger(words[subdimWord]);
            if (!n || *n < 1 || *n > 3)
                return fail("data file: the file dimension " + dicer::quoted(words[subdimWord]) +
                            " is not 1, 2 or 3");
            subdim = int(*n);
        }
    }
    const std::int64_t expected = dataFilesFor(h.size, subdim);
    if (expected > kMaxVolumeDataFiles)
        return fail("data file: the sizes need " + std::to_string(expected) +
                    " data files, over the limit of " + std::to_string(kMaxVolumeDataFiles));
    if (list) {
        if (std::int64_t(listed.size()) != expected)
            return fail(listedFilesMessage("data file", listed.size(), expected));
        h.dataFiles = listed;
    } else if (series) {
        std::optional<std::int64_t> n[3];
        for (int i = 0; i < 3; ++i)
            if (!(n[i] = parseInteger(words[size_t(i) + 1])))
                return fail("data file: " + dicer::quoted(words[size_t(i) + 1]) + " is not a whole number");
        Result<std::vector<std::string>> names = numberedFileNames(words[0], *n[0], *n[1], *n[2], expected);
        if (!names) return fail(names.error());
        h.dataFiles = std::move(names.value());
    } else {
        h.dataFiles = {std::string(trim(field.value))};
    }
    return {};
}

} // namespace

Result<VolumeHeader> parseNrrdHeader(std::string_view text, bool wholeFile,
                                     const std::filesystem::path& path) {
    VolumeHeader h = startHeader(kNrrdHeaderName, path);
    auto fail = [&](int line, const std::string& m) { return makeError(headerError(h, line, m)); };

    LineReader lines(text);
    const std::optional<HeaderLine> magic = lines.next();
    const std::string_view first = magic ? magic->text : std::string_view();
    if (first.size() != 8 || first.substr(0, 7) != "NRRD000" || first[7] < '1' || first[7] > '5')
        return fail(0, "not a NRRD file: it starts with " + dicer::quoted(first.substr(0, 16)) +
                           ", where NRRD0001 to NRRD0005 are expected");

    HeaderFields fields(h, "field");
    std::vector<std::string> listed; // the names after "data file: LIST"
    bool inList = false, ended = false;
    while (const std::optional<HeaderLine> line = lines.next()) {
        if (line->text.find('\0') != std::string_view::npos) return fail(line->number, "holds a NUL byte");
        if (line->text.empty()) { // the blank line that ends the header; attached data follow it
            ended = true;
            h.dataOffset = std::int64_t(line->next);
            break;
        }
        if (inList) {
            listed.emplace_back(trim(line->text));
            continue;
        }
        if (line->text.front() == '#') continue;
        const size_t colon = line->text.find(": ");
        const size_t pair = line->text.find(":=");
        if (pair != std::string_view::npos && (colon == std::string_view::npos || pair < colon))
            continue; // a key:=value pair: ignored
        const bool bare = colon == std::string_view::npos && line->text.back() == ':'; // "content:"
        if (colon == std::string_view::npos && !bare)
            return fail(line->number,
                        dicer::quoted(line->text.substr(0, 64)) + " is neither 'field: value' nor a comment");
        const std::string_view name = line->text.substr(0, bare ? line->text.size() - 1 : colon);
        std::string key;
        for (char c : lowercase(name))
            if (c != ' ') key += c;
        if (!isOneOf(key, kKnownFields)) continue; // unknown or unused fields are ignored
        const HeaderField field{bare ? std::string_view() : trim(line->text.substr(colon + 2)), line->number};
        if (Result<void> added = fields.add(key, name, field); !added) return makeError(added.error());
        if (key == "datafile") {
            const std::vector<std::string_view> words = splitWords(field.value);
            inList = !words.empty() && words[0] == "LIST";
        }
    }
    if (!ended && !wholeFile) return fail(0, headerNotEndedMessage());

    if (Result<void> sized = readDimensionAndSizes(h, fields, kNrrdDimension); !sized)
        return makeError(sized.error());
    if (const HeaderField* kindsField = fields.find("kinds")) {
        const std::vector<std::string_view> kinds = splitWords(kindsField->value);
        if (kinds.size() != 3)
            return fail(kindsField->line,
                        "kinds has " + std::to_string(kinds.size()) + " values where 3 axes need 3");
        for (int a = 0; a < 3; ++a)
            if (h.size[a] > 1 && !isOneOf(lowercase(kinds[size_t(a)]), kSpatialKinds))
                return fail(kindsField->line, "axis " + std::to_string(a) + " has kind " +
                                                  dicer::quoted(kinds[size_t(a)]) + ": " +
                                                  std::to_string(h.size[a]) +
                                                  " values per voxel; only scalar volumes are read");
    }

    Result<HeaderField> type = fields.require("type", "type");
    if (!type) return makeError(type.error());
    Result<FileType> fileType = readFileType(h, *type, normalizedWords(type->value), kNrrdTypeNames);
    if (!fileType) return makeError(fileType.error());
    h.type = *fileType;

    Result<HeaderField> encoding = fields.require("encoding", "encoding");
    if (!encoding) return makeError(encoding.error());
    const std::string encodingName = lowercase(encoding->value);
    if (encodingName == "raw")
        h.encoding = Encoding::Raw;
    else if (encodingName == "gzip" || encodingName == "gz")
        h.encoding = Encoding::Compressed;
    else if (isOneOf(encodingName, kUnsupportedEncodings))
        return fail(encoding->line,
                    "encoding " + dicer::quoted(encoding->value) + " is not supported (raw, gzip)");
    else
        return fail(encoding->line, "unknown encoding " + dicer::quoted(encoding->value) + " (raw, gzip)");

    if (const HeaderField* endianField = fields.find("endian")) {
        const std::string endian = lowercase(endianField->value);
        if (endian != "little" && endian != "big")
            return fail(endianField->line,
                        "endian " + dicer::quoted(endianField->value) + " is neither little nor big");
        h.bigEndian = endian == "big";
    } else if (fileTypeBytes(h.type) > 1) {
        return fail(0, std::string("no 'endian' field, which type ") + fileTypeName(h.type) + " needs");
    }
    if (Result<void> spacing = readSpacing(h, fields); !spacing) return makeError(spacing.error());

    for (const char* key : {"lineskip", "byteskip"})
        if (const HeaderField* skip = fields.find(key)) {
            const std::optional<std::int64_t> n = parseInteger(skip->value);
            const std::int64_t lowest = key[0] == 'b' ? -1 : 0;
            if (!n || *n < lowest)
                return fail(skip->line, std::string(key[0] == 'b' ? "byte skip " : "line skip ") +
                                            dicer::quoted(skip->value) + " is not a whole number from " +
                                            std::to_string(lowest));
            (key[0] == 'b' ? h.byteSkip : h.lineSkip) = *n;
            if (*n == -1 && h.encoding != Encoding::Raw)
                return fail(skip->line, "byte skip -1 (the data end the file) needs raw encoding");
        }
    if (const HeaderField* dataFile = fields.find("datafile")) {
        if (Result<void> files = readDataFiles(h, *dataFile, listed); !files) return makeError(files.error());
    } else if (!ended) {
        return fail(0, "no 'data file' field, and no blank line ends the header before attached data");
    }
    return h;
}

} // namespace dicer::volume
