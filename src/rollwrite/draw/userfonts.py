"""A layout's own fonts: ``fonts: {hand: fonts/Hand.ttf}`` names TrueType files (``.ttf``, or ``.otf``
with TrueType outlines) under the layout's folder, usable wherever a ``font`` is chosen.

A font is known inside rollwrite by a name made of its file's SHA-256 and path (``file:<sha>:<path>``),
so its metrics, read once with fontTools, belong to that very content; the PDF and SVG backends read
the file again, check that it still has that content, and embed the subset of glyphs a page uses, as
they do for the built-in fonts.  Texts set in it are checked for missing glyphs like any other.  Only
the loader makes such names (:class:`FontName`): a layout cannot write one itself.
"""

from __future__ import annotations

import hashlib
import io
import re
from pathlib import Path
from typing import Any

from rollwrite.draw.images import layout_file
from rollwrite.errors import InputError, excerpt
from rollwrite.layoutlang.nodes import Node, Reader, Scalar, expect_str

MAX_FONT_BYTES = 8 * 1024 * 1024
PREFIX = "file:"


class FontName(Scalar):
    """A ``font`` value the loader put in place of a layout's own font name: its internal name."""


def is_user_font(font: str) -> bool:
    return font.startswith(PREFIX)


def parts(font: str) -> tuple[str, Path]:
    """The SHA-256 and the path of a user font's internal name."""
    digest, path = font[len(PREFIX):].split(":", 1)
    return digest, Path(path)


def font_label(font: str) -> str:
    """How messages name a font: a built-in one by its name, a layout's own by its file's name."""
    return f"'{parts(font)[1].name}'" if is_user_font(font) else font


def read_font(r: Reader, key: str, default: str, choices: list[str]) -> str:
    """A ``font`` key: one of ``choices`` (the built-in fonts it may use), or one of the layout's own."""
    n = r.raw(key, None)
    if n is None:
        return default
    if isinstance(n, FontName):
        return n.value
    return expect_str(n, choices=choices)


def font_bytes(font: str) -> bytes:
    """The file of a user font, refused when it no longer has the content it was measured from."""
    digest, path = parts(font)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the font file ({exc.strerror})", file=str(path)) from None
    if hashlib.sha256(data).hexdigest() != digest:
        raise InputError("the font file changed after the layout was read", file=str(path),
                         hint="run the command again")
    return data


def load_font(node: Node) -> str:
    """The internal name of the font file ``node`` names, after checking it can be measured and embedded."""
    path, data = layout_file(node, MAX_FONT_BYTES, "a font")
    if data[:4] not in (b"\x00\x01\x00\x00", b"true", b"OTTO"):
        raise node.error("this file is not a TrueType or OpenType font", hint="name a .ttf or .otf file")
    if data[:4] == b"OTTO":
        raise node.error("this OpenType font has PostScript (CFF) outlines, which cannot be embedded here",
                         hint="use the font's TrueType version (.ttf)")
    try:
        tables = _tables(data)
    except Exception as exc:  # fontTools raises many kinds of errors for a broken file; each means "unreadable"
        raise node.error(f"this font file cannot be read ({type(exc).__name__})", hint="save the font again") from None
    missing = [t for t in ("cmap", "hmtx", "head", "hhea", "glyf", "loca") if t not in tables]
    if missing:
        raise node.error(f"this font has no {', '.join(missing)} table", hint="use a complete TrueType font")
    try:
        _embed_every_glyph(data)
    except Exception as exc:  # reportlab raises many kinds of errors for damaged glyphs; each means "cannot embed"
        raise node.error(f"this font file cannot be embedded: its glyphs are damaged ({type(exc).__name__})",
                         hint="save the font again, or use another") from None
    return f"{PREFIX}{hashlib.sha256(data).hexdigest()}:{path}"


def _embed_every_glyph(data: bytes) -> None:
    """Make the font's subsets for every character it maps, as the PDF backend makes them for the
    characters a page uses: a damaged glyph is found while the layout is loaded, not when a page is saved."""
    # deferred for start-up: only a layout with a font of its own needs it
    from reportlab.pdfbase.ttfonts import TTFontFile

    font = TTFontFile(io.BytesIO(data), validate=0)
    chars = sorted(font.charToGlyph)
    for first in range(0, len(chars), 200):  # reportlab makes subsets of at most 256 characters
        font.makeSubset([32, *chars[first:first + 200]])


def _tables(data: bytes) -> list[str]:
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from fontTools.ttLib import TTFont

    font = TTFont(io.BytesIO(data), lazy=True)
    font.getBestCmap()
    return list(font.keys())


def measure(font: str) -> dict[str, Any]:
    """What :mod:`rollwrite.draw.metrics` needs of a user font: units per em, ascent, the width of a
    missing glyph and the advance of every mapped character."""
    # deferred for start-up: `print long-way` and 10 more commands need this module, not this import
    from fontTools.ttLib import TTFont

    tt = TTFont(io.BytesIO(font_bytes(font)), lazy=True)
    hmtx = tt["hmtx"].metrics
    advance = {cp: hmtx[name][0] for cp, name in tt.getBestCmap().items() if name in hmtx}
    return {"units": tt["head"].unitsPerEm, "ascent": tt["hhea"].ascent, "missing": hmtx[".notdef"][0]
            if ".notdef" in hmtx else tt["head"].unitsPerEm // 2, "advance": advance}


def read_fonts(node: Node | None, builtin: tuple[str, ...]) -> dict[str, str]:
    """The layout's ``fonts``: its name for each font -> the font's internal name."""
    if node is None:
        return {}
    r = Reader(node, "'fonts'")
    out: dict[str, str] = {}
    for key, (knode, _) in r.node.entries.items():
        vnode = r.raw(key)
        if not re.fullmatch(r"[a-z][a-z0-9-]{0,30}", key):
            raise knode.error(f"'{excerpt(key)}' is not a name for a font", hint="use lower-case letters, digits and '-'")
        if key in builtin:
            raise knode.error(f"'{excerpt(key)}' is a built-in font already", hint=f"call yours e.g. my-{key}")
        out[key] = load_font(vnode)
    r.done()
    if len(out) > 8:
        raise node.error("a layout may name at most 8 fonts")
    return out
