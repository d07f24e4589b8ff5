// Prints the method table (engine/methods/method_table.h) one row a line, "<name> <paper|other> <demo|bench>",
// for the test registration that runs at CTest time (method_tests.cmake): the GL test groups and the demo
// window tests come from the table the binaries were built with, not from reading its source. No GL.
#include "method_table.h"

#include <cstdio>

int main() {
    using dicer::methods::Family;
    for (const dicer::methods::MethodInfo& m : dicer::methods::methodTable())
        std::printf("%s %s %s\n", m.name, m.family == Family::PaperHistoPyramid ? "paper" : "other",
                    m.inDemo() ? "demo" : "bench");
    return 0;
}
