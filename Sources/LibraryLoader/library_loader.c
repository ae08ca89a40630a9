#include "library_loader.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void (*failure_handler)(void);

void frames_library_on_failure(void (*handler)(void)) {
    __atomic_store_n(&failure_handler, handler, __ATOMIC_RELEASE);
}

static void fail(void) {
    void (*handler)(void) = __atomic_load_n(&failure_handler, __ATOMIC_ACQUIRE);
    if (handler) handler();
    exit(1);
}

void *frames_library_symbol(const char *library, const char *symbol) {
    /* dlopen counts its references: opening an open library again only finds it. */
    void *handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL);
    if (!handle) {
        /* Another soname (another release of the library, another distribution): the name the
         * development package links to, without the version ("libunibreak.so"). */
        char unversioned[64];
        const char *so = strstr(library, ".so");
        if (so && (size_t)(so - library) + 4 <= sizeof unversioned) {
            memcpy(unversioned, library, (size_t)(so - library) + 3);
            unversioned[(so - library) + 3] = 0;
            handle = dlopen(unversioned, RTLD_NOW | RTLD_GLOBAL);
        }
    }
    if (!handle) {
        const char *reason = dlerror();
        fprintf(stderr, "Error: cannot load %s (%s); install it again (see README.md)\n", library,
                reason ? reason : "not found");
        fail();
    }
    void *address = dlsym(handle, symbol);
    if (!address) {
        fprintf(stderr, "Error: %s has no function %s; install the version frames was built with\n", library,
                symbol);
        fail();
    }
    return address;
}
#else
void frames_library_on_failure(void (*handler)(void)) { (void)handler; }
#endif
