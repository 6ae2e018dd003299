"""``image``: a PNG or SVG file from the layout's own folder, drawn in a box (docs/layout.md).

The file is named relative to the layout file that writes the element and must lie inside that file's
folder (links are followed and must stay there too); it is read when the layout is loaded, bounded in
size (:data:`MAX_BYTES`) and in pixels (:data:`MAX_SIDE` a side for a PNG), and embedded in every PDF and
SVG (the PNG preview draws the PDF, so it shows it too).  An SVG may not reach for anything outside
itself: no DOCTYPE or entities, no ``href`` but to its own ``#parts``.  SVG pictures are drawn into PDF
with svglib.
"""

from __future__ import annotations

from rollwrite.valueclass import Value

import io
import re
import stat
import struct
from pathlib import Path
from typing import Any

from rollwrite.draw.scene import Pen
from rollwrite.errors import InputError
from rollwrite.files import TextLimits, read_bounded
from rollwrite.games.base import ElementType
from rollwrite.layoutlang.nodes import Node, Reader, expect_number, expect_pair, expect_str

MAX_BYTES = 2 * 1024 * 1024
MAX_SVG_BYTES = 512 * 1024
MAX_SVG_TAGS = 5000
MAX_SIDE = 3000
_PNG = b"\x89PNG\r\n\x1a\n"
# (a pattern: re compiles it when first used, and a sheet without pictures never does)
_OUTSIDE = r"<!DOCTYPE|<!ENTITY|(?:href|src)\s*=\s*[\"'](?!#)|url\(\s*[\"']?(?!#)|@import"


class ImageV(Value):
    kind: str  # png | svg
    data: bytes
    w: float
    h: float


def layout_file(node: Node, most: int, what: str) -> tuple[Path, bytes]:
    """The bytes of the file ``node`` names (``what``: 'a picture', 'a font'), from inside the folder of the
    layout file ``node`` is written in, at most ``most`` bytes."""
    name = expect_str(node)
    folder = Path(node.file).parent.resolve()
    rel = Path(name)
    if rel.is_absolute() or not name.strip():
        raise node.error(f"'{name}' is not a file beside the layout", hint="name it from the layout's folder, e.g. pictures/lock.png")
    path = (folder / rel).resolve()
    if folder != path and folder not in path.parents:
        raise node.error(f"'{name}' lies outside the layout's folder", hint="a layout may read only files under its own folder")
    try:
        st = path.stat()
    except OSError:
        raise node.error(f"there is no file '{name}'", hint="the path is taken from the folder of the layout file") from None
    if not stat.S_ISREG(st.st_mode):
        raise node.error(f"'{name}' is not a regular file")
    if st.st_size > most:
        raise node.error(f"'{name}' is larger than {most // (1024 * 1024)} MB, the most {what} may be")
    try:
        with open(path, "rb") as fh:
            data = read_bounded(fh, name, TextLimits(what, most))
    except OSError as exc:
        raise node.error(f"cannot read '{name}' ({exc.strerror})") from None
    except InputError:  # grew past the limit while being read
        raise node.error(f"'{name}' is larger than {most // (1024 * 1024)} MB, the most {what} may be") from None
    return path, data


def _png_size(node: Node, data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise node.error("this PNG file has no image header", hint="save it again as PNG")
    w, h = struct.unpack(">II", data[16:24])
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise node.error(f"this PNG is {w} x {h} pixels; at most {MAX_SIDE} a side", hint="make the picture smaller")
    return w, h


def _svg_size(node: Node, data: bytes) -> tuple[float, float]:
    if len(data) > MAX_SVG_BYTES:
        raise node.error(f"this SVG file is larger than {MAX_SVG_BYTES // 1024} KB")
    text = data.decode("utf-8", errors="replace")
    bad = re.search(_OUTSIDE, text, re.I)
    if bad:
        raise node.error(f"this SVG reaches outside itself ('{bad.group(0).strip()}')",
                         hint="a picture may not name other files, pages or entities: save it as plain SVG")
    if text.count("<") > MAX_SVG_TAGS:
        raise node.error(f"this SVG has more than {MAX_SVG_TAGS} tags")
    drawing = svg_drawing(data)
    if drawing is None or not drawing.width or not drawing.height:
        raise node.error("this SVG file cannot be read as a picture", hint="save it again as plain SVG")
    return float(drawing.width), float(drawing.height)


def svg_drawing(data: bytes) -> Any:
    """The SVG as a reportlab Drawing (None when svglib cannot read it)."""
    # svglib is imported only for a layout with an SVG picture: it is large, and nothing else needs it
    from svglib.svglib import svg2rlg

    try:
        return svg2rlg(io.BytesIO(data), resolve_entities=False)
    except Exception:  # lxml and svglib raise many kinds of errors for a broken file; each means "unreadable"
        return None


def _read_image(node: Node, data: Any) -> ImageV:
    r = Reader(node, "an image")
    fnode = r.raw("file")
    assert fnode is not None
    path, raw = layout_file(fnode, MAX_BYTES, "a picture")
    pw: float
    ph: float
    if raw.startswith(_PNG):
        kind, (pw, ph) = "png", _png_size(fnode, raw)
    elif path.suffix.lower() == ".svg" or b"<svg" in raw[:4096]:
        kind, (pw, ph) = "svg", _svg_size(fnode, raw)
    else:
        raise fnode.error("this file is neither PNG nor SVG", hint="save the picture as .png or .svg")
    size_node, width_node = r.raw("size", None), r.raw("width", None)
    r.done()
    if (size_node is None) == (width_node is None):
        raise node.error("give the picture's 'size: [w, h]' or its 'width' (the height keeps its proportions)")
    if size_node is not None:
        w, h = expect_pair(size_node, minimum=0.5)
    else:
        w = expect_number(width_node, minimum=0.5, maximum=1000)  # type: ignore[arg-type]
        h = w * ph / pw
    return ImageV(kind, raw, w, h)


def _build_image(v: ImageV, pen: Pen, ctx: Any) -> None:
    pen.image(0.0, 0.0, v.w, v.h, v.kind, v.data)


IMAGES: dict[str, ElementType] = {
    "image": ElementType(_read_image, _build_image, lambda v: (v.w, v.h),
                         "a PNG or SVG picture from the layout's folder, in a box from 'at'"),
}
