#!/usr/bin/env bash
# Makes the PNG twins RasterTests/PNGDecodeTests reads: one small picture written by Pillow as
# 8-bit RGBA, and the same samples written by ImageMagick (through libpng) in other forms, all
# untagged (no gAMA, cHRM, sRGB or iCCP): 16-bit (each sample × 257), without alpha, grey, grey
# with alpha, palette (of a picture of 64 colours), interlaced. Every twin of a form must decode to the same 8-bit samples.
# Needs python3 with Pillow, and ImageMagick's convert. Run it in this folder.
set -euo pipefail
python3 - <<'PY'
from PIL import Image
image = Image.new("RGBA", (24, 16))
for y in range(16):
    for x in range(24):
        alpha = 255 if y < 4 else (x * 10 + y * 7) % 256
        image.putpixel((x, y), ((x * 11) % 256, (y * 17) % 256, (x * y * 3) % 256, alpha))
image.save("rgba8.png")
image.convert("RGB").save("rgb8.png")
image.convert("L").save("grey8.png")
image.convert("LA").save("greyalpha8.png")
image.convert("RGB").quantize(64).convert("RGB").save("few8.png")
# A colour key (tRNS) on RGB: the pixels of colour (0, 17, 0) are transparent.
image.convert("RGB").save("rgb8-key.png", transparency=(0, 17, 0))
PY
plain="-define png:exclude-chunk=all"
convert rgba8.png -depth 16 $plain PNG64:rgba16.png
convert rgba8.png $plain -interlace PNG PNG32:rgba8-interlaced.png
convert rgba8.png -depth 16 $plain -interlace PNG PNG64:rgba16-interlaced.png
convert rgb8.png -depth 16 $plain PNG48:rgb16.png
convert few8.png $plain PNG8:few8-palette.png
convert grey8.png -depth 16 $plain -define png:color-type=0 -define png:bit-depth=16 grey16.png
convert greyalpha8.png -depth 16 $plain -define png:color-type=4 -define png:bit-depth=16 greyalpha16.png
