#include "metaimage_header.h"

#include "file_read.h"
#include "header_text.h"

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dicer::volume {

namespace {

struct TypeName {
    std::string_view name;
    FileType type;
};
// MetaIO's sizes (metaTypes.h): MET_LONG and MET_ULONG are 32-bit there, whatever the platform's long.
constexpr TypeName kTypes[] = {
    {"met_char", FileType::Int8},      {"met_uchar", FileType::Uint8},  {"met_short", FileType::Int16},
    {"met_ushort", FileType::Uint16},  {"met_int", FileType::Int32},    {"met_uint", FileType::Uint32},
    {"met_long", FileType::Int32},     {"met_ulong", FileType::Uint32}, {"met_float", FileType::Float32},
    {"met_double", FileType::Float64},
};
constexpr std::string_view kKnownKeys[] = {"objecttype",
                                           "ndims",
                                           "dimsize",
                                           "elementtype",
                                           "elementnumberofchannels",
                                           "elementspacing",
                                           "elementsize",
                                           "elementbyteordermsb",
                                           "binarydatabyteordermsb",
                                           "binarydata",
                                           "compresseddata",
                                           "headersize",
                                           "offset",
                                           "position",
                                           "origin",
                                           "transformmatrix",
                                           "rotation",
                                           "orientation",
                                           "elementdatafile"};

struct Field {
    std::string_view value;
    int line = 0;
};

std::optional<bool> parseBool(std::string_view word) {
    const std::string w = lowercase(word);
    if (w == "true" || w == "t" || w == "1") return true;
    if (w == "false" || w == "f" || w == "0") return false;
    return std::nullopt;
}

// `count` finite numbers, or nullopt.
std::optional<std::vector<double>> parseReals(std::string_view value, size_t count) {
    const std::vector<std::string_view> words = splitWords(value);
    if (words.size() != count) return std::nullopt;
    std::vector<double> out;
    for (std::string_view w : words) {
        const std::optional<double> x = parseReal(w);
        if (!x || !std::isfinite(*x)) return std::nullopt;
        out.push_back(*x);
    }
    return out;
}

} // namespace

Result<VolumeHeader> parseMetaImageHeader(std::string_view text, bool wholeFile,
                                          const std::filesystem::path& path) {
    VolumeHeader h;
    h.source = "MetaImage header " + dicer::quoted(path.native());
    h.headerPath = path;
    auto fail = [&](int line, const std::string& m) { return makeError(headerError(h, line, m)); };

    std::map<std::string, Field> fields;
    std::vector<std::string> listed; // the names after "ElementDataFile = LIST"
    LineReader lines(text);
    while (const std::optional<HeaderLine> line = lines.next()) {
        if (line->text.find('\0') != std::string_view::npos) return fail(line->number, "holds a NUL byte");
        const std::string_view content = trim(line->text);
        if (content.empty()) continue;
        const size_t equals = content.find('=');
        if (equals == std::string_view::npos)
            return fail(line->number, dicer::quoted(content.substr(0, 64)) + " is not 'Key = Value'");
        const std::string key = lowercase(trim(content.substr(0, equals)));
        const Field field{trim(content.substr(equals + 1)), line->number};
        bool known = false;
        for (std::string_view k : kKnownKeys)
            known = known || k == key;
        if (!known) continue; // unknown keys are ignored
        if (auto [it, added] = fields.emplace(key, field); !added)
            return fail(line->number, "key " + dicer::quoted(trim(content.substr(0, equals))) +
                                          " is given twice (first on line " +
                                          std::to_string(it->second.line) + ")");
        if (key != "elementdatafile") continue;
        // ElementDataFile ends the header: LOCAL data start on the next line, a LIST's names are the lines.
        h.dataOffset = std::int64_t(line->next);
        const std::vector<std::string_view> words = splitWords(field.value);
        if (!words.empty() && lowercase(words[0]) == "list")
            while (const std::optional<HeaderLine> name = lines.next())
                if (!trim(name->text).empty()) listed.emplace_back(trim(name->text));
        break;
    }
    auto require = [&](const char* key, const char* shown) -> Result<Field> {
        if (auto it = fields.find(key); it != fields.end()) return it->second;
        if (!wholeFile)
            return fail(0, "the header does not end within its first " +
                               std::to_string(kMaxVolumeHeaderBytes) + " bytes");
        return fail(0, std::string("no '") + shown + "' key");
    };
    Result<Field> dataFile = require("elementdatafile", "ElementDataFile");
    if (!dataFile) return makeError(dataFile.error());
    if (!listed.empty() && !wholeFile)
        return fail(dataFile->line, "the list of data files goes on past the header's limit of " +
                                        std::to_string(kMaxVolumeHeaderBytes) + " bytes");

    if (auto it = fields.find("objecttype"); it != fields.end() && lowercase(it->second.value) != "image")
        return fail(it->second.line, "ObjectType " + dicer::quoted(it->second.value) + " is not an image");
    Result<Field> ndimsField = require("ndims", "NDims");
    if (!ndimsField) return makeError(ndimsField.error());
    const std::optional<std::int64_t> ndims = parseInteger(ndimsField->value);
    if (!ndims || *ndims < 1 || *ndims > 10)
        return fail(ndimsField->line,
                    "NDims " + dicer::quoted(ndimsField->value) + " is not a number from 1 to 10");
    Result<Field> dimSize = require("dimsize", "DimSize");
    if (!dimSize) return makeError(dimSize.error());
    Result<std::vector<std::int64_t>> sizes = parseSizes(dimSize->value, size_t(*ndims), "DimSize");
    if (!sizes) return fail(dimSize->line, sizes.error());
    if (*ndims == 2) return fail(ndimsField->line, "NDims 2: a 2D image, not a volume");
    if (*ndims != 3)
        return fail(ndimsField->line, "NDims " + std::to_string(*ndims) + ": only 3D volumes are read");
    h.size = {(*sizes)[0], (*sizes)[1], (*sizes)[2]};

    if (auto it = fields.find("elementnumberofchannels"); it != fields.end()) {
        const std::optional<std::int64_t> channels = parseInteger(it->second.value);
        if (!channels || *channels < 1)
            return fail(it->second.line, "ElementNumberOfChannels " + dicer::quoted(it->second.value) +
                                             " is not a whole number from 1");
        if (*channels > 1)
            return fail(it->second.line, "ElementNumberOfChannels " + std::to_string(*channels) + ": " +
                                             std::to_string(*channels) +
                                             " values per voxel; only scalar volumes are read");
    }
    Result<Field> type = require("elementtype", "ElementType");
    if (!type) return makeError(type.error());
    const std::string typeName = lowercase(type->value);
    bool knownType = false;
    for (const TypeName& t : kTypes)
        if (t.name == typeName) {
            h.type = t.type;
            knownType = true;
        }
    if (!knownType && typeName.size() > 6 && typeName.substr(typeName.size() - 6) == "_array")
        return fail(type->line, "ElementType " + dicer::quoted(type->value) +
                                    " holds several values per voxel; only scalar volumes are read");
    if (!knownType && (typeName == "met_long_long" || typeName == "met_ulong_long"))
        return fail(type->line, "ElementType " + dicer::quoted(type->value) +
                                    " is not supported (8- to 32-bit integers, float and double are)");
    if (!knownType)
        return fail(type->line, "unknown ElementType " + dicer::quoted(type->value) +
                                    " (MET_CHAR, MET_UCHAR, MET_SHORT, MET_USHORT, MET_INT, MET_UINT, "
                                    "MET_LONG, MET_ULONG, MET_FLOAT, MET_DOUBLE)");

    std::optional<bool> msb;
    int msbLine = 0;
    for (const char* key : {"elementbyteordermsb", "binarydatabyteordermsb"}) {
        auto it = fields.find(key);
        if (it == fields.end()) continue;
        const std::optional<bool> value = parseBool(it->second.value);
        if (!value)
            return fail(it->second.line, dicer::quoted(it->second.value) + " is neither True nor False");
        if (msb && *msb != *value)
            return fail(it->second.line, "ElementByteOrderMSB and BinaryDataByteOrderMSB disagree (line " +
                                             std::to_string(msbLine) + ")");
        msb = value;
        msbLine = it->second.line;
    }
    h.bigEndian = msb.value_or(false);
    for (const char* key : {"binarydata", "compresseddata"}) {
        auto it = fields.find(key);
        if (it == fields.end()) continue;
        const std::optional<bool> value = parseBool(it->second.value);
        if (!value)
            return fail(it->second.line, dicer::quoted(it->second.value) + " is neither True nor False");
        if (key[0] == 'b' && !*value)
            return fail(it->second.line, "BinaryData = False (samples as text) is not supported");
        if (key[0] == 'c' && *value) h.encoding = Encoding::Compressed;
    }

    // Spacing: ElementSpacing, else ElementSize (as MetaIO does), else 1.
    static constexpr char kAxis[] = "xyz";
    for (const char* key : {"elementspacing", "elementsize"}) {
        auto it = fields.find(key);
        if (it == fields.end()) continue;
        const std::optional<std::vector<double>> v = parseReals(it->second.value, 3);
        if (!v) return fail(it->second.line, dicer::quoted(it->second.value) + " is not 3 numbers");
        for (int a = 0; a < 3; ++a) {
            const std::optional<double> s = usableSpacing((*v)[size_t(a)]);
            if (!s)
                return fail(it->second.line, std::string("the spacing of axis ") + kAxis[a] +
                                                 " is zero, infinite or beyond float's range");
            if ((*v)[size_t(a)] < 0)
                h.ignoredOrientation.push_back(std::string("axis ") + kAxis[a] +
                                               " flipped (negative spacing)");
            h.spacing[a] = *s;
        }
        break;
    }
    for (const char* key : {"offset", "position", "origin"}) {
        auto it = fields.find(key);
        if (it == fields.end()) continue;
        const std::optional<std::vector<double>> v = parseReals(it->second.value, 3);
        if (!v) return fail(it->second.line, dicer::quoted(it->second.value) + " is not 3 numbers");
        if ((*v)[0] != 0 || (*v)[1] != 0 || (*v)[2] != 0)
            h.ignoredOrientation.push_back(std::string(trim(it->second.value)).insert(0, "offset "));
    }
    for (const char* key : {"transformmatrix", "rotation", "orientation"}) {
        auto it = fields.find(key);
        if (it == fields.end()) continue;
        const std::optional<std::vector<double>> m = parseReals(it->second.value, 9);
        if (!m) return fail(it->second.line, dicer::quoted(it->second.value) + " is not 9 numbers");
        for (size_t i = 0; i < 9; ++i)
            if ((*m)[i] != (i % 4 == 0 ? 1.0 : 0.0)) {
                h.ignoredOrientation.push_back("TransformMatrix " + std::string(trim(it->second.value)) +
                                               " (not the identity)");
                break;
            }
    }

    const bool local = lowercase(dataFile->value) == "local";
    if (auto it = fields.find("headersize"); it != fields.end()) {
        const std::optional<std::int64_t> n = parseInteger(it->second.value);
        if (!n || *n < -1)
            return fail(it->second.line,
                        "HeaderSize " + dicer::quoted(it->second.value) + " is not a whole number from -1");
        if (*n == -1 && h.encoding != Encoding::Raw)
            return fail(it->second.line, "HeaderSize -1 (the data end the file) needs uncompressed data");
        if (local && *n > 0)
            return fail(it->second.line,
                        "HeaderSize with LOCAL data is not supported (the data follow the header)");
        h.byteSkip = *n;
    }

    const std::vector<std::string_view> words = splitWords(dataFile->value);
    auto failData = [&](const std::string& m) { return fail(dataFile->line, m); };
    if (local) return h; // attached: dataFiles stays empty
    if (!words.empty() && lowercase(words[0]) == "list") {
        int subdim = 2; // MetaIO's default (NDims - 1), also for a missing, 0 or too large dimension
        if (words.size() > 1) {
            const std::string_view d = words[1]; // "2D" or "2"
            if (!d.empty() && d[0] >= '1' && d[0] <= '3') subdim = d[0] - '0';
        }
        const std::int64_t expected = dataFilesFor(h.size, subdim);
        if (std::int64_t(listed.size()) != expected)
            return failData("ElementDataFile LIST names " + std::to_string(listed.size()) +
                            " files where the sizes need " + std::to_string(expected));
        h.dataFiles = std::move(listed);
    } else if (dataFile->value.find('%') != std::string_view::npos) {
        // "name%03d.raw [first [last [step]]]": one file per slice; MetaIO's defaults: first 1, step 1.
        if (words.size() > 4)
            return failData("ElementDataFile " + dicer::quoted(dataFile->value) +
                            " is not 'format [first [last [step]]]'");
        std::int64_t n[3] = {1, 1, 1};
        for (size_t i = 1; i < words.size(); ++i) {
            const std::optional<std::int64_t> x = parseInteger(words[i]);
            if (!x) return failData("ElementDataFile: " + dicer::quoted(words[i]) + " is not a whole number");
            n[i - 1] = *x;
        }
        const bool firstIn32Bits =
            n[0] >= std::numeric_limits<int>::min() && n[0] <= std::numeric_limits<int>::max();
        if (words.size() < 3) n[1] = firstIn32Bits ? n[0] + h.size.z - 1 : n[0]; // else refused below
        Result<std::vector<std::string>> names = numberedFileNames(words[0], n[0], n[1], n[2], h.size.z);
        if (!names) return failData(names.error());
        h.dataFiles = std::move(names.value());
    } else {
        h.dataFiles = {std::string(dataFile->value)};
    }
    return h;
}

} // namespace dicer::volume
