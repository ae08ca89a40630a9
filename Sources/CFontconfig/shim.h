#ifndef FRAMES_CFONTCONFIG_SHIM_H
#define FRAMES_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>


/// Property names as C strings Swift can pass on (the macros are string literals).
static const char *const frames_fc_family = FC_FAMILY;
static const char *const frames_fc_file = FC_FILE;
static const char *const frames_fc_index = FC_INDEX;
static const char *const frames_fc_charset = FC_CHARSET;
static const char *const frames_fc_style = FC_STYLE;
static const char *const frames_fc_weight = FC_WEIGHT;
static const char *const frames_fc_slant = FC_SLANT;
static const char *const frames_fc_scalable = FC_SCALABLE;
static const int frames_fc_weight_regular = FC_WEIGHT_REGULAR;
static const int frames_fc_slant_roman = FC_SLANT_ROMAN;
#endif
