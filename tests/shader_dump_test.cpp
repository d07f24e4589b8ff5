// The shader dump (engine/gl/shader_dump.h, --dump-shaders): each object is written as the text the GL
// compiles, one manifest line per object names its program, stage, defines and #line files, a program is
// written once, and a bad folder is one clear error. No GL: the dump only expands files.
#include "shader.h"
#include "shader_dump.h"
#include "test_files.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace dicer;

namespace {

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> manifestRows(const std::filesystem::path& dir) {
    std::istringstream in(readText(dir / "programs.tsv"));
    std::vector<std::string> rows;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') rows.push_back(line);
    return rows;
}

// A shader folder of its own ($DICER_SHADER_DIR) and the dump switched off again afterwards, whatever the
// test did.
struct ShaderDump : testing::Test {
    test::TempDir tmp;
    std::string oldShaderDir;
    void SetUp() override {
        if (const char* e = std::getenv("DICER_SHADER_DIR")) oldShaderDir = e;
        ::setenv("DICER_SHADER_DIR", (tmp.path() / "shaders").c_str(), 1);
        tmp.write("shaders/inc.glsl", "#pragma once\nconst uint kInc = 7u;\n");
        tmp.write("shaders/a.comp.glsl",
                  "#version 450\n#include \"inc.glsl\"\n#include \"inc.glsl\"\n"
                  "layout(local_size_x = 1) in;\nuint slot(uint x);\nvoid main() {}\n");
        tmp.write("shaders/slot.glsl",
                  "#version 450\n#include \"inc.glsl\"\nuint slot(uint x) { return x; }\n");
    }
    void TearDown() override {
        EXPECT_TRUE(gl::dumpShadersTo({}));
        if (oldShaderDir.empty())
            ::unsetenv("DICER_SHADER_DIR");
        else
            ::setenv("DICER_SHADER_DIR", oldShaderDir.c_str(), 1);
    }
};

const gl::ProgramDesc kTwoObjects{"two objects",
                                  {{GL_COMPUTE_SHADER, "a.comp.glsl"}, {GL_COMPUTE_SHADER, "slot.glsl"}},
                                  {{"N", "3"}, {"FLAG", ""}}};

} // namespace

TEST_F(ShaderDump, EachObjectIsTheCompiledTextWithOneManifestRow) {
    const std::filesystem::path dump = tmp.path() / "dump";
    ASSERT_TRUE(gl::dumpShadersTo(dump));
    ASSERT_TRUE(gl::recordShaderProgram(kTwoObjects));
    const std::vector<std::string> rows = manifestRows(dump);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0],
              "p0\ttwo objects\tp0.0.a.comp.glsl\tcomp\ta.comp.glsl\tN=3 FLAG\ta.comp.glsl,inc.glsl");
    // The slot function has no stage in its name: the object's name takes the program's.
    EXPECT_EQ(rows[1], "p0\ttwo objects\tp0.1.slot.comp.glsl\tcomp\tslot.glsl\tN=3 FLAG\tslot.glsl,inc.glsl");
    std::vector<std::string> files;
    Result<std::string> a = gl::preprocessShader("a.comp.glsl", kTwoObjects.defines, &files);
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(readText(dump / "p0.0.a.comp.glsl"), *a);
    EXPECT_EQ(a->rfind("#version 450\n#define N 3\n#define FLAG\n#line 1 0\n", 0), 0u) << *a;
    std::vector<std::string> slotFiles;
    Result<std::string> slot = gl::preprocessShader("slot.glsl", kTwoObjects.defines, &slotFiles);
    ASSERT_TRUE(slot) << slot.error();
    EXPECT_EQ(readText(dump / "p0.1.slot.comp.glsl"), *slot);
}

TEST_F(ShaderDump, AProgramIsWrittenOnceAndOtherDefinesAreAnotherProgram) {
    const std::filesystem::path dump = tmp.path() / "dump";
    ASSERT_TRUE(gl::dumpShadersTo(dump));
    ASSERT_TRUE(gl::recordShaderProgram(kTwoObjects));
    gl::ProgramDesc renamed = kTwoObjects;
    renamed.name = "the same text";
    ASSERT_TRUE(gl::recordShaderProgram(renamed));
    EXPECT_EQ(manifestRows(dump).size(), 2u);
    gl::ProgramDesc other = kTwoObjects;
    other.defines = {{"N", "4"}};
    ASSERT_TRUE(gl::recordShaderProgram(other));
    const std::vector<std::string> rows = manifestRows(dump);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[2].rfind("p1\ttwo objects\tp1.0.a.comp.glsl\tcomp\ta.comp.glsl\tN=4\t", 0), 0u) << rows[2];
    EXPECT_TRUE(std::filesystem::exists(dump / "p1.1.slot.comp.glsl"));
}

TEST_F(ShaderDump, BadFoldersAndFilesAreClearErrors) {
    const std::filesystem::path dump = tmp.path() / "dump";
    ASSERT_TRUE(gl::dumpShadersTo(dump));
    Result<void> again = gl::dumpShadersTo(dump); // two runs into one folder would mix
    ASSERT_FALSE(again);
    EXPECT_NE(again.error().find("is not empty (it holds a dump"), std::string::npos) << again.error();
    // Any folder that holds anything: nothing is written there, no file is overwritten.
    const std::filesystem::path other = tmp.path() / "other";
    std::filesystem::create_directories(other);
    tmp.write("other/programs.txt", "mine");
    Result<void> notEmpty = gl::dumpShadersTo(other);
    ASSERT_FALSE(notEmpty);
    EXPECT_NE(notEmpty.error().find("is not empty; give an empty or new folder"), std::string::npos)
        << notEmpty.error();
    ASSERT_TRUE(gl::recordShaderProgram(kTwoObjects)); // the dump is off after a refusal
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(other), {}), 1);
    ASSERT_TRUE(gl::dumpShadersTo(tmp.path() / "empty_made")); // new: created
    const std::filesystem::path empty = tmp.path() / "empty";
    std::filesystem::create_directories(empty);
    ASSERT_TRUE(gl::dumpShadersTo(empty)); // existing and empty: taken
    const std::filesystem::path file = tmp.write("a_file", "x");
    Result<void> notFolder = gl::dumpShadersTo(file);
    ASSERT_FALSE(notFolder);
    EXPECT_NE(notFolder.error().find(file.string()), std::string::npos) << notFolder.error();

    ASSERT_TRUE(gl::dumpShadersTo(tmp.path() / "dump2"));
    Result<void> missing = gl::recordShaderProgram({"missing", {{GL_COMPUTE_SHADER, "nope.comp.glsl"}}, {}});
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("nope.comp.glsl"), std::string::npos) << missing.error();
    EXPECT_NE(missing.error().find("missing"), std::string::npos) << missing.error();
}

TEST_F(ShaderDump, NothingIsWrittenWhenOff) {
    const std::filesystem::path dump = tmp.path() / "dump";
    ASSERT_TRUE(gl::dumpShadersTo(dump));
    ASSERT_TRUE(gl::dumpShadersTo({}));
    ASSERT_TRUE(gl::recordShaderProgram(kTwoObjects));
    EXPECT_TRUE(manifestRows(dump).empty());
    EXPECT_FALSE(std::filesystem::exists(dump / "p0.0.a.comp.glsl"));
}
