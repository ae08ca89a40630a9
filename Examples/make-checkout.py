"""Draws Examples/checkout.png: a made-up checkout screen (iPhone 14, 390 x 844 pt @3x) to put
under the overlay in the designer examples. Run: python3 Examples/make-checkout.py (needs Pillow
and the DejaVu fonts)."""
from PIL import Image, ImageDraw, ImageFont

S = 3
W, H = 390 * S, 844 * S
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def font(path, pt):
    return ImageFont.truetype(path, pt * S)


img = Image.new("RGB", (W, H), (246, 247, 249))
d = ImageDraw.Draw(img)
d.rectangle([0, 0, W, 100 * S], fill=(255, 255, 255))
d.text((20 * S, 56 * S), "Checkout", font=font(BOLD, 22), fill=(20, 24, 31))
d.line([0, 100 * S, W, 100 * S], fill=(225, 228, 232), width=S)
items = [("Wireless headphones", "1 x 2 490 Kč"), ("Charging case", "1 x 590 Kč"), ("Express delivery", "129 Kč")]
y = 124
for name, price in items:
    d.rounded_rectangle([16 * S, y * S, (W - 16 * S), (y + 72) * S], radius=12 * S, fill=(255, 255, 255))
    d.rounded_rectangle([28 * S, (y + 12) * S, 76 * S, (y + 60) * S], radius=8 * S, fill=(222, 229, 240))
    d.text((90 * S, (y + 16) * S), name, font=font(FONT, 15), fill=(20, 24, 31))
    d.text((90 * S, (y + 40) * S), price, font=font(FONT, 13), fill=(104, 112, 124))
    y += 84
d.text((20 * S, (y + 16) * S), "Total", font=font(BOLD, 18), fill=(20, 24, 31))
d.text((W - 140 * S, (y + 16) * S), "3 209 Kč", font=font(BOLD, 18), fill=(20, 24, 31))
y += 64
for label in ["Card number", "Expiry", "CVC"]:
    d.text((20 * S, y * S), label, font=font(FONT, 13), fill=(104, 112, 124))
    d.rounded_rectangle([16 * S, (y + 20) * S, W - 16 * S, (y + 68) * S], radius=10 * S, fill=(255, 255, 255),
                        outline=(210, 214, 220), width=S)
    y += 84
d.rounded_rectangle([16 * S, (H - 120 * S), W - 16 * S, H - 64 * S], radius=14 * S, fill=(26, 120, 232))
text = "Pay 3 209 Kč"
f = font(BOLD, 18)
tw = d.textlength(text, font=f)
d.text(((W - tw) / 2, H - 102 * S), text, font=f, fill=(255, 255, 255))
img.save("Examples/checkout.png", optimize=True)
