// dicer's command line for scalar volumes: --volume NAME[:N]|FILE, --band LO,HI and --threshold on a
// volume, and the rules that tie them to the mesh options. Split from cli.cpp, which builds the option rows.
#pragma once

#include "cli.h"
#include "options.h"

#include <string>

namespace dicer::app {

// A model option's text: "teapot", "heart", an NRRD/MetaImage file (a volume) or any other file (a mesh).
ModelChoice modelChoice(const std::string& nameOrFile);

// Any finite number: its meaning (the atlas' alpha in [0, 1], or a volume's value) depends on the input.
options::Codec<double> thresholdCodec();

// After every option is read (the volume's name and the band were checked as they were parsed): --volume with
// --model, --preset, --test-atlas or a setting only a mesh reads, --band with a mesh are errors; --threshold T on
// a volume becomes the band "T,max", on a mesh the alpha threshold (in [0, 1]). Sets the frame's input.
// Returns the error, empty if none.
std::string reconcileVolume(CommandLine& c);

} // namespace dicer::app
