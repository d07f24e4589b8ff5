// See leak_check.h: under AddressSanitizer only, every loaded GL driver object gets RTLD_NODELETE.
#include "leak_check.h"

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#include <link.h>

#include <string_view>
#endif

namespace dicer::gl {

void keepDriverLoadedForLeakCheck() {
#if defined(__SANITIZE_ADDRESS__)
    // The drivers Mesa loads itself: the DRI megadriver (dri/*_dri.so) and, in newer Mesa, libgallium.
    // dlopen(RTLD_NOLOAD) only takes a reference to what is loaded already, adding RTLD_NODELETE to it.
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void*) {
            const std::string_view name = info->dlpi_name ? info->dlpi_name : "";
            const bool driver = (name.find("/dri/") != std::string_view::npos && name.ends_with("_dri.so")) ||
                                name.find("libgallium") != std::string_view::npos;
            if (driver) dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
            return 0;
        },
        nullptr);
#endif
}

} // namespace dicer::gl
