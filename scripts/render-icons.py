#!/usr/bin/env python3
"""Renders the web app's icons as PNG files: a 2x2 corner of the Walnut
board (light #EDD9B3, dark #9E734F, in the board's frame) with a
Minesweeper-blue 1 on one light square and a naval mine (a black ball
with spiked horns and a glint) on the other.

    python3 scripts/render-icons.py [OUTPUT_DIR]      (default web/icons)

Writes icon-16.png and icon-32.png (the favicon), icon-192.png and
icon-512.png (the manifest's icons: rounded, transparent corners),
maskable-192.png and maskable-512.png (full bleed, the mine and the digit
inside the safe circle of 80% that a launcher's mask keeps) and
apple-touch-icon.png (180 px, opaque: iOS rounds the corners itself).

Every shape is a signed distance function, shaded with one pixel of
anti-aliasing; the favicon sizes are drawn 8 times larger and averaged
down, so thin spikes keep their true weight. Python's standard library
only (zlib and struct write the PNG), and reproducible: the same pixels on
every run, and no time stamps in the files. A maintainer's tool, not part of the build: run it after
changing the design and commit the files it writes.
"""
import math
import os
import struct
import sys
import zlib


def rgb(hex_colour):
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


LIGHT = rgb("#EDD9B3")    # the Walnut theme's light squares (src/base/theme.rs)
DARK = rgb("#9E734F")     # ... and dark squares
FRAME = rgb("#4D311F")    # ... and the board's frame
BLUE = rgb("#0000FF")     # classic Minesweeper's 1 (theme::count_color)
MINE = rgb("#151210")     # the mine's iron
GLINT = rgb("#FFFFFF")


# ------------------------------------------------------------ distance functions
# Each returns the signed distance from (x, y) to the shape's edge, negative
# inside, in the icon's units (the icon is the square 0..1).

def box(x, y, x0, y0, x1, y1, r=0.0):
    """A rectangle with corners rounded by r."""
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    dx, dy = abs(x - cx) - hx, abs(y - cy) - hy
    outside = math.hypot(max(dx, 0.0), max(dy, 0.0))
    return outside + min(max(dx, dy), 0.0) - r


def circle(x, y, cx, cy, r):
    return math.hypot(x - cx, y - cy) - r


def capsule(x, y, ax, ay, bx, by, r):
    """A segment from a to b, r thick on each side, with round ends."""
    px, py, vx, vy = x - ax, y - ay, bx - ax, by - ay
    t = max(0.0, min(1.0, (px * vx + py * vy) / (vx * vx + vy * vy)))
    return math.hypot(px - vx * t, py - vy * t) - r


# ------------------------------------------------------------ the two figures
# Placed by their centre (cx, cy) and size s (a board square's side).

def digit_one(x, y, cx, cy, s):
    """Minesweeper's blocky 1: a stem, a flag to its upper left, a foot."""
    u, v = (x - cx) / s + 0.5, (y - cy) / s + 0.5  # the square's own 0..1
    d = min(
        box(u, v, 0.45, 0.17, 0.64, 0.80),                 # stem
        capsule(u, v, 0.33, 0.33, 0.52, 0.22, 0.075),      # flag
        box(u, v, 0.30, 0.69, 0.78, 0.83, 0.015),          # foot
    )
    return d * s


def mine(x, y, cx, cy, s, bold):
    """A naval mine: a ball with eight horns (knobbed) and a glint.
    Returns (distance to the iron, distance to the glint)."""
    ball = 0.27 if bold else 0.24
    reach, half = (0.44, 0.055) if bold else (0.41, 0.035)
    knob = 0.075 if bold else 0.06
    u, v = (x - cx) / s, (y - cy) / s
    d = circle(u, v, 0, 0, ball)
    for k in range(8):
        a = k * math.pi / 4
        length = reach if k % 2 == 0 else reach * 0.86
        ex, ey = math.cos(a) * length, math.sin(a) * length
        d = min(d, capsule(u, v, 0, 0, ex, ey, half), circle(u, v, ex, ey, knob))
    g = circle(u, v, -0.09, -0.09, 0.065 if bold else 0.055)
    return d * s, g * s


# ------------------------------------------------------------ the icon

def shade(d, px):
    """Coverage of a pixel px wide by a shape at signed distance d."""
    return max(0.0, min(1.0, 0.5 - d / px))


def over(dst, colour, alpha):
    """Paints colour with opacity alpha over the straight-alpha pixel dst."""
    if alpha <= 0.0:
        return dst
    r, g, b, a = dst
    out = alpha + a * (1.0 - alpha)
    if out <= 0.0:
        return (0.0, 0.0, 0.0, 0.0)
    k = a * (1.0 - alpha)
    return (
        (colour[0] * alpha + r * k) / out,
        (colour[1] * alpha + g * k) / out,
        (colour[2] * alpha + b * k) / out,
        out,
    )


def layout(kind, bold):
    """Where things go for each kind of icon: (framed, corner radius,
    frame width, square size, digit centre, mine centre)."""
    if kind == "maskable":
        # Full bleed: the board's four squares meet at the centre and the
        # figures sit close to it, inside the mask's safe circle (radius 0.4).
        return False, 0.0, 0.0, 0.34, (0.335, 0.335), (0.665, 0.665)
    f = 0.05 if bold else 0.07  # the frame around the board (thin on a favicon)
    s = (1.0 - 2 * f) / 2
    return True, 0.14, f, s, (f + s / 2, f + s / 2), (f + 1.5 * s, f + 1.5 * s)


def pixel(x, y, px, kind, bold):
    framed, radius, f, s, one, ball = layout(kind, bold)
    p = (0.0, 0.0, 0.0, 0.0)
    if kind == "opaque":
        p = FRAME + (1.0,)
    if framed:
        p = over(p, FRAME, shade(box(x, y, 0, 0, 1, 1, radius), px))
        inner = box(x, y, f, f, 1 - f, 1 - f, max(radius - f, 0.0))
        # The light squares are the top left and bottom right quadrants.
        light = min(box(x, y, f, f, 0.5, 0.5), box(x, y, 0.5, 0.5, 1 - f, 1 - f))
        p = over(p, DARK, shade(inner, px))
        p = over(p, LIGHT, shade(max(inner, light), px))
    else:
        light = min(box(x, y, -1, -1, 0.5, 0.5), box(x, y, 0.5, 0.5, 2, 2))
        p = over(DARK + (1.0,), LIGHT, shade(light, px))
    p = over(p, BLUE, shade(digit_one(x, y, one[0], one[1], s), px))
    iron, glint = mine(x, y, ball[0], ball[1], s, bold)
    p = over(p, MINE, shade(iron, px))
    p = over(p, GLINT, shade(glint, px) * 0.9)
    return p


def render(size, kind):
    """size x size straight-alpha RGBA pixels, rows top to bottom."""
    bold = size <= 48
    scale = 8 if size <= 48 else 1  # small ones: drawn big, then averaged
    big = size * scale
    px = 1.0 / big
    rows = []
    for j in range(big):
        y = (j + 0.5) * px
        rows.append([pixel((i + 0.5) * px, y, px, kind, bold) for i in range(big)])
    if scale == 1:
        return rows
    out = []
    n = scale * scale
    for j in range(size):
        row = []
        for i in range(size):
            # Averaged with premultiplied alpha, so transparent samples add no colour.
            r = g = b = a = 0.0
            for jj in range(j * scale, (j + 1) * scale):
                for ii in range(i * scale, (i + 1) * scale):
                    pr, pg, pb, pa = rows[jj][ii]
                    r, g, b, a = r + pr * pa, g + pg * pa, b + pb * pa, a + pa
            row.append((r / a, g / a, b / a, a / n) if a > 0 else (0.0, 0.0, 0.0, 0.0))
        out.append(row)
    return out


# ------------------------------------------------------------ PNG

def png(rows, opaque):
    """An 8-bit RGBA (or RGB when opaque) PNG of the rows."""
    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    def byte(v):
        return max(0, min(255, int(round(v * 255))))

    height, width = len(rows), len(rows[0])
    channels = 3 if opaque else 4
    raw = bytearray()
    previous = bytes(width * channels)
    for row in rows:
        line = bytearray()
        for r, g, b, a in row:
            line += bytes((byte(r), byte(g), byte(b))) if opaque else bytes((byte(r), byte(g), byte(b), byte(a)))
        # Filter "Up" where it helps (the icons repeat from row to row).
        up = bytes((c - p) & 0xFF for c, p in zip(line, previous))
        if sum(min(c, 256 - c) for c in up) < sum(min(c, 256 - c) for c in line):
            raw += b"\x02" + up
        else:
            raw += b"\x00" + line
        previous = bytes(line)
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


ICONS = [
    ("icon-16.png", 16, "any"),
    ("icon-32.png", 32, "any"),
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-192.png", 192, "maskable"),
    ("maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "opaque"),
]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "web", "icons")
    os.makedirs(out, exist_ok=True)
    for name, size, kind in ICONS:
        data = png(render(size, kind), opaque=kind != "any")
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {size}x{size}, {len(data)} bytes")


if __name__ == "__main__":
    main()
