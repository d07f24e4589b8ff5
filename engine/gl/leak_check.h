// LeakSanitizer and the GL driver: keeps the driver's shared objects mapped until the process ends.
//
// Mesa (libEGL_mesa / libGLX_mesa) dlclose()s its driver (swrast_dri.so on Debian 12) from an exit handler
// that runs before LeakSanitizer's check. The driver's allocations then count as leaked and their frames
// are "<unknown module>", so no suppression can name them (tests/sanitizers/lsan.supp). With the driver
// kept loaded (RTLD_NODELETE), its memory stays reachable from its own globals and the check reports what it
// should: the program's leaks. A no-op unless built with AddressSanitizer.
#pragma once

namespace dicer::gl {

// Call after the context is created (the driver is loaded by then). Idempotent; never fails.
void keepDriverLoadedForLeakCheck();

} // namespace dicer::gl
