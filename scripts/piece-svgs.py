#!/usr/bin/env python3
"""Splits chess piece art into one standalone, square SVG per piece, for
scripts/render-pieces.sh to rasterise. Standard library only.

  piece-svgs.py sprite SPRITE.svg OUTDIR
      cm-chessboard's sprite: twelve top-level <g id="wk"> ... <g id="bp">
      drawn over each other in one 40x40 viewBox. Each piece keeps that
      viewBox (and so the sprite's own padding).
  piece-svgs.py sheet SHEET.svg OUTDIR
      PyChess's "all in one" sheets (Maurizio Monge's sets): 1200x400, six
      200x200 cells per row, King Queen Rook Bishop Knight Pawn, black row
      on top, white below, each piece a <g id="WhiteKing"> etc. Each piece
      keeps its cell as the viewBox, as PyChess draws it (clipped to it).
  piece-svgs.py square IN.svg OUT.svg
      A single-piece SVG: copied, with its viewBox grown to a centred
      square if it is not square already.

Outputs are named wK.svg ... bP.svg.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

SVG = "http://www.w3.org/2000/svg"
for prefix, uri in {
    "": SVG,
    "xlink": "http://www.w3.org/1999/xlink",
    "inkscape": "http://www.inkscape.org/namespaces/inkscape",
    "sodipodi": "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "cc": "http://creativecommons.org/ns#",
    "dc": "http://purl.org/dc/elements/1.1/",
}.items():
    ET.register_namespace(prefix, uri)

PIECES = "KQRBNP"
NAMES = dict(zip(PIECES, ("King", "Queen", "Rook", "Bishop", "Knight", "Pawn")))


def write(root, path):
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def set_box(root, x, y, w, h):
    """Sets the viewBox, made square and centred, and the size to match."""
    side = max(w, h)
    x -= (side - w) / 2
    y -= (side - h) / 2
    root.set("viewBox", "%g %g %g %g" % (x, y, side, side))
    root.set("width", "%g" % side)
    root.set("height", "%g" % side)


def sprite(src, outdir):
    for colour in "wb":
        for piece in PIECES:
            pid = colour + piece.lower()
            root = ET.parse(src).getroot()
            keep = [c for c in root if c.get("id") == pid]
            if len(keep) != 1:
                sys.exit("%s: no single <g id=%r>" % (src, pid))
            for child in list(root):
                if child.get("id") != pid and not child.tag.endswith("}defs"):
                    root.remove(child)
            set_box(root, *map(float, root.get("viewBox").split()))
            write(root, os.path.join(outdir, colour + piece + ".svg"))


def sheet(src, outdir):
    for row, colour in enumerate(("Black", "White")):
        for col, piece in enumerate(PIECES):
            pid = colour + NAMES[piece]
            root = ET.parse(src).getroot()
            layers = [c for c in root if c.tag == "{%s}g" % SVG]
            found = 0
            for layer in layers:
                for child in list(layer):
                    if child.get("id") == pid:
                        found += 1
                    else:
                        layer.remove(child)
            if found != 1:
                sys.exit("%s: no single id=%r" % (src, pid))
            for child in list(root):
                if child.tag.split("}")[1] in ("metadata", "namedview"):
                    root.remove(child)
            set_box(root, col * 200.0, row * 200.0, 200.0, 200.0)
            write(root, os.path.join(outdir, colour[0].lower() + piece + ".svg"))


def square(src, out):
    root = ET.parse(src).getroot()
    box = root.get("viewBox")
    if box:
        x, y, w, h = map(float, box.replace(",", " ").split())
    else:
        num = lambda v: float(re.match(r"[\d.]+", v).group())
        x, y, w, h = 0.0, 0.0, num(root.get("width")), num(root.get("height"))
    set_box(root, x, y, w, h)
    write(root, out)


if __name__ == "__main__":
    mode, a, b = sys.argv[1:]
    {"sprite": sprite, "sheet": sheet, "square": square}[mode](a, b)
