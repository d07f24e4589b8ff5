#include "metaimage_header.h"

#include "anatomy.h"
#include "file_read.h"
#include "header_text.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace dicer::volume {

namespace {

// MetaIO's sizes (metaTypes.h): MET_LONG and MET_ULONG are 32-bit there, whatever the platform's long.
constexpr FileTypeName kMetaImageTypes[] = {
    {"met_char", FileType::Int8},      {"met_uchar", FileType::Uint8},  {"met_short", FileType::Int16},
    {"met_ushort", FileType::Uint16},  {"met_int", FileType::Int32},    {"met_uint", FileType::Uint32},
    {"met_long", FileType::Int32},     {"met_ulong", FileType::Uint32}, {"met_float", FileType::Float32},
    {"met_double", FileType::Float64},
};
constexpr std::string_view kMetaImageUnsupportedTypes[] = {"met_long_long", "met_ulong_long"};
constexpr FileTypeNames kMetaImageTypeNames = {"ElementType", kMetaImageTypes, kMetaImageUnsupportedTypes,
                                               "MET_CHAR, MET_UCHAR, MET_SHORT, MET_USHORT, MET_INT, "
                                               "MET_UINT, MET_LONG, MET_ULONG, MET_FLOAT, MET_DOUBLE"};
// MetaIO reads up to 10 axes (metaImage.h); several values per voxel are ElementNumberOfChannels instead.
constexpr DimensionKeys kMetaImageDimension = {"ndims", "NDims", "dimsize", "DimSize", 10, false};
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
                                           "anatomicalorientation",
                                           "elementdatafile"};

std::optional<bool> parseBool(std::string_view word) {
    const std::string w = lowercase(word);
    if (w == "true" || w == "t" || w == "1") return true;
    if (w == "false" || w == "f" || w == "0") return false;
    return std::nullopt;
}

// The True/False key `key`: nullopt when the header does not give it, an error for another value.
Result<std::optional<bool>> readBool(const VolumeHeader& h, const HeaderFields& fields,
                                     std::string_view key) {
    const HeaderField* field = fields.find(key);
    if (!field) return std::optional<bool>();
    if (const std::optional<bool> value = parseBool(field->value)) return value;
    return makeError(headerError(h, field->line, dicer::quoted(field->value) + " is neither True nor False"));
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
    VolumeHeader h = startHeader(kMetaImageHeaderName, path);
    auto fail = [&](int line, const std::string& m) { return makeError(headerError(h, line, m)); };

    HeaderFields fields(h, "key");
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
        const HeaderField field{trim(content.substr(equals + 1)), line->number};
        if (!isOneOf(key, kKnownKeys)) continue; // unknown keys are ignored
        if (Result<void> added = fields.add(key, trim(content.substr(0, equals)), field); !added)
            return makeError(added.error());
        if (key != "elementdatafile") continue;
        // ElementDataFile ends the header: LOCAL data start on the next line, a LIST's names are the lines.
        h.dataOffset = std::int64_t(line->next);
        const std::vector<std::string_view> words = splitWords(field.value);
        if (!words.empty() && lowercase(words[0]) == "list")
            while (const std::optional<HeaderLine> name = lines.next())
                if (!trim(name->text).empty()) listed.emplace_back(trim(name->text));
        break;
    }
    // Without ElementDataFile within the bytes read, the header may go on past them.
    if (!wholeFile) fields.markCutOff();
    Result<HeaderField> dataFile = fields.require("elementdatafile", "ElementDataFile");
    if (!dataFile) return makeError(dataFile.error());
    if (!listed.empty() && !wholeFile)
        return fail(dataFile->line, "the list of data files goes on past the header's limit of " +
                                        std::to_string(kMaxVolumeHeaderBytes) + " bytes");

    if (const HeaderField* object = fields.find("objecttype"); object && lowercase(object->value) != "image")
        return fail(object->line, "ObjectType " + dicer::quoted(object->value) + " is not an image");
    if (Result<void> sized = readDimensionAndSizes(h, fields, kMetaImageDimension); !sized)
        return makeError(sized.error());

    if (const HeaderField* channelsField = fields.find("elementnumberofchannels")) {
        const std::optional<std::int64_t> channels = parseInteger(channelsField->value);
        if (!channels || *channels < 1)
            return fail(channelsField->line, "ElementNumberOfChannels " +
                                                 dicer::quoted(channelsField->value) +
                                                 " is not a whole number from 1");
        if (*channels > 1)
            return fail(channelsField->line, "ElementNumberOfChannels " + std::to_string(*channels) + ": " +
                                                 std::to_string(*channels) +
                                                 " values per voxel; only scalar volumes are read");
    }
    Result<HeaderField> type = fields.require("elementtype", "ElementType");
    if (!type) return makeError(type.error());
    const std::string typeName = lowercase(type->value);
    if (!findFileType(kMetaImageTypes, typeName) && typeName.size() > 6 &&
        typeName.substr(typeName.size() - 6) == "_array")
        return fail(type->line, "ElementType " + dicer::quoted(type->value) +
                                    " holds several values per voxel; only scalar volumes are read");
    Result<FileType> fileType = readFileType(h, *type, typeName, kMetaImageTypeNames);
    if (!fileType) return makeError(fileType.error());
    h.type = *fileType;

    Result<std::optional<bool>> elementMsb = readBool(h, fields, "elementbyteordermsb");
    if (!elementMsb) return makeError(elementMsb.error());
    Result<std::optional<bool>> binaryMsb = readBool(h, fields, "binarydatabyteordermsb");
    if (!binaryMsb) return makeError(binaryMsb.error());
    if (*elementMsb && *binaryMsb && **elementMsb != **binaryMsb)
        return fail(fields.find("binarydatabyteordermsb")->line,
                    "ElementByteOrderMSB and BinaryDataByteOrderMSB disagree (line " +
                        std::to_string(fields.find("elementbyteordermsb")->line) + ")");
    h.bigEndian = binaryMsb->value_or(elementMsb->value_or(false));
    Result<std::optional<bool>> binary = readBool(h, fields, "binarydata");
    if (!binary) return makeError(binary.error());
    if (!binary->value_or(true))
        return fail(fields.find("binarydata")->line, "BinaryData = False (samples as text) is not supported");
    Result<std::optional<bool>> compressed = readBool(h, fields, "compresseddata");
    if (!compressed) return makeError(compressed.error());
    if (compressed->value_or(false)) h.encoding = Encoding::Compressed;

    // Spacing: ElementSpacing, else ElementSize (as MetaIO does), else 1.
    for (const char* key : {"elementspacing", "elementsize"}) {
        const HeaderField* spacing = fields.find(key);
        if (!spacing) continue;
        const std::optional<std::vector<double>> v = parseReals(spacing->value, 3);
        if (!v) return fail(spacing->line, dicer::quoted(spacing->value) + " is not 3 numbers");
        for (int a = 0; a < 3; ++a)
            if (!setAxisSpacing(h, a, (*v)[size_t(a)]))
                return fail(spacing->line, std::string("the spacing of axis ") + kAxisNames[a] +
                                               " is zero, infinite or beyond float's range");
        break;
    }
    for (const char* key : {"offset", "position", "origin"}) {
        const HeaderField* offset = fields.find(key);
        if (!offset) continue;
        const std::optional<std::vector<double>> v = parseReals(offset->value, 3);
        if (!v) return fail(offset->line, dicer::quoted(offset->value) + " is not 3 numbers");
        if ((*v)[0] != 0 || (*v)[1] != 0 || (*v)[2] != 0)
            h.ignoredOrientation.push_back(std::string(trim(offset->value)).insert(0, "offset "));
    }
    std::optional<std::array<glm::dvec3, 3>> rows; // the index axes' directions in LPS (ITK's TransformMatrix)
    for (const char* key : {"transformmatrix", "rotation", "orientation"}) {
        const HeaderField* matrix = fields.find(key);
        if (!matrix) continue;
        const std::optional<std::vector<double>> m = parseReals(matrix->value, 9);
        if (!m) return fail(matrix->line, dicer::quoted(matrix->value) + " is not 9 numbers");
        rows = {glm::dvec3((*m)[0], (*m)[1], (*m)[2]), glm::dvec3((*m)[3], (*m)[4], (*m)[5]),
                glm::dvec3((*m)[6], (*m)[7], (*m)[8])};
        // Axis-aligned rows turn the volume exactly (anatomy.h); an oblique one counts as its nearest axis.
        for (const glm::dvec3& row : *rows)
            if (int((row.x != 0) + (row.y != 0) + (row.z != 0)) != 1) {
                h.ignoredOrientation.push_back("TransformMatrix " + std::string(trim(matrix->value)) +
                                               " (not along the index axes)");
                break;
            }
    }
    const HeaderField* code = fields.find("anatomicalorientation");
    h.anatomy = metaImageAnatomy(rows, code ? trim(code->value) : std::string_view());

    const bool local = lowercase(dataFile->value) == "local";
    if (const HeaderField* headerSize = fields.find("headersize")) {
        const std::optional<std::int64_t> n = parseInteger(headerSize->value);
        if (!n || *n < -1)
            return fail(headerSize->line,
                        "HeaderSize " + dicer::quoted(headerSize->value) + " is not a whole number from -1");
        if (*n == -1 && h.encoding != Encoding::Raw)
            return fail(headerSize->line, "HeaderSize -1 (the data end the file) needs uncompressed data");
        if (local && *n > 0)
            return fail(headerSize->line,
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
            return failData(listedFilesMessage("ElementDataFile", listed.size(), expected));
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
