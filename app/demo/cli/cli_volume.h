// dicer's command line for scalar volumes: --volume NAME[:N]|FILE, --band LO,HI and --threshold on a
// volume, and the rules that tie them to the mesh options. Split from cli.cpp, which builds the option rows.
#pragma once

#include "cli.h"
#include "options.h"

#include <string>

namespace dicer::app {

// A model option's text: "teapot", "heart", an NRRD/MetaImage file (a volume) or any other file (a mesh).
ModelChoice modelChoice(const std::string& nameOrFile);

options::Codec<std::string> volumeCodec(); // a built-in's NAME[:N|:XxYxZ] or a volume file
options::Codec<std::string> bandCodec();   // LO,HI: numbers, inf, min or max
// Any finite number: its meaning (the atlas' alpha in [0, 1], or a volume's value) depends on the input.
options::Codec<double> thresholdCodec();

// After every option is read: --volume with --model, --preset or --test-atlas, --band with a mesh, a band
// that can never hold (lo > hi, NaN, one number), a built-in's bad name or size are errors; --threshold T on
// a volume becomes the band "T,max", on a mesh the alpha threshold (in [0, 1]). Sets the frame's input.
// Returns the error, empty if none.
std::string reconcileVolume(CommandLine& c);

} // namespace dicer::app
