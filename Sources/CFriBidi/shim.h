#ifndef FRAMES_CFRIBIDI_SHIM_H
#define FRAMES_CFRIBIDI_SHIM_H
#include <fribidi.h>
#include <stdlib.h>


/// The Unicode Bidirectional Algorithm's embedding levels (rules P2–I2, with paired brackets) of
/// one paragraph of `length` code points; the paragraph's direction comes from its first strong
/// character (left to right when it has none). Returns the paragraph level (0 or 1), or -1 when
/// memory runs out. (FriBidi's paragraph-type macros do not import into Swift.)
static inline int frames_fribidi_levels(const FriBidiChar *text, int length, FriBidiLevel *levels) {
    if (length <= 0) return 0;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)length);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)length);
    if (types == NULL || brackets == NULL) {
        free(types);
        free(brackets);
        return -1;
    }
    fribidi_get_bidi_types(text, length, types);
    fribidi_get_bracket_types(text, length, types, brackets);
    FriBidiParType direction = FRIBIDI_PAR_ON;
    FriBidiLevel result = fribidi_get_par_embedding_levels_ex(types, brackets, length, &direction, levels);
    free(types);
    free(brackets);
    if (result == 0) return -1;
    return FRIBIDI_IS_RTL(direction) ? 1 : 0;
}
/// The library's version line ("(GNU FriBidi) 1.0.8" first).
static inline const char *frames_fribidi_version(void) { return fribidi_version_info; }
#endif
