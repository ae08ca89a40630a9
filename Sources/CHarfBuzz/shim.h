#ifndef FRAMES_CHARFBUZZ_SHIM_H
#define FRAMES_CHARFBUZZ_SHIM_H
#include "library_loader.h"
#if defined(__linux__)
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#else
#include <hb.h>
#include <hb-ot.h>
#endif

/// The functions the package calls, opened when first called (library_loader.h).
FRAMES_LAZY("libharfbuzz.so.0", hb_blob_t *, hb_blob_create_from_file_or_fail, (const char * file_name), (file_name))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_blob_destroy, (hb_blob_t * blob), (blob))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_buffer_add_utf32, (hb_buffer_t * buffer, const uint32_t * text, int text_length, unsigned int item_offset, int item_length), (buffer, text, text_length, item_offset, item_length))
FRAMES_LAZY("libharfbuzz.so.0", hb_buffer_t *, hb_buffer_create, (void), ())
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_buffer_destroy, (hb_buffer_t * buffer), (buffer))
FRAMES_LAZY("libharfbuzz.so.0", hb_glyph_info_t *, hb_buffer_get_glyph_infos, (hb_buffer_t * buffer, unsigned int * length), (buffer, length))
FRAMES_LAZY("libharfbuzz.so.0", hb_glyph_position_t *, hb_buffer_get_glyph_positions, (hb_buffer_t * buffer, unsigned int * length), (buffer, length))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_buffer_set_direction, (hb_buffer_t * buffer, hb_direction_t direction), (buffer, direction))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_buffer_set_language, (hb_buffer_t * buffer, hb_language_t language), (buffer, language))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_buffer_set_script, (hb_buffer_t * buffer, hb_script_t script), (buffer, script))
FRAMES_LAZY("libharfbuzz.so.0", hb_face_t *, hb_face_create, (hb_blob_t * blob, unsigned int index), (blob, index))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_face_destroy, (hb_face_t * face), (face))
FRAMES_LAZY("libharfbuzz.so.0", unsigned int, hb_face_get_upem, (const hb_face_t * face), (face))
FRAMES_LAZY("libharfbuzz.so.0", hb_font_t *, hb_font_create, (hb_face_t * face), (face))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_font_destroy, (hb_font_t * font), (font))
FRAMES_LAZY("libharfbuzz.so.0", hb_face_t *, hb_font_get_face, (hb_font_t * font), (font))
FRAMES_LAZY("libharfbuzz.so.0", hb_position_t, hb_font_get_glyph_h_advance, (hb_font_t * font, hb_codepoint_t glyph), (font, glyph))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_font_set_scale, (hb_font_t * font, int x_scale, int y_scale), (font, x_scale, y_scale))
FRAMES_LAZY("libharfbuzz.so.0", hb_language_t, hb_language_from_string, (const char * str, int len), (str, len))
FRAMES_LAZY("libharfbuzz.so.0", hb_tag_t, hb_script_to_iso15924_tag, (hb_script_t script), (script))
FRAMES_LAZY_VOID("libharfbuzz.so.0", hb_shape, (hb_font_t * font, hb_buffer_t * buffer, const hb_feature_t * features, unsigned int num_features), (font, buffer, features, num_features))
FRAMES_LAZY("libharfbuzz.so.0", hb_unicode_funcs_t *, hb_unicode_funcs_get_default, (void), ())
FRAMES_LAZY("libharfbuzz.so.0", hb_script_t, hb_unicode_script, (hb_unicode_funcs_t * ufuncs, hb_codepoint_t unicode), (ufuncs, unicode))
FRAMES_LAZY("libharfbuzz.so.0", const char *, hb_version_string, (void), ())
#endif
