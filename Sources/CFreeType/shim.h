#ifndef FRAMES_CFREETYPE_SHIM_H
#define FRAMES_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/// Load flags as typed constants (the macros do not import into Swift with one integer type):
/// outlines in font units, no hinting, no embedded bitmaps.
static const FT_Int32 frames_ft_load_unscaled_outline = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
/// A colour bitmap glyph (CBDT/sbix) of the selected strike, as premultiplied BGRA.
static const FT_Int32 frames_ft_load_color_bitmap = FT_LOAD_COLOR;
#endif
