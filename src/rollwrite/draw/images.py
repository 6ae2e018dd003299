"""``image``: a PNG or SVG file from the layout's own folder, drawn in a box (docs/layout.md).

The file is named relative to the layout file that writes the element and must lie inside that file's
folder (links are followed and must stay there too); it is read when the layout is loaded, bounded in
size (:data:`MAX_BYTES`) and in pixels (:data:`MAX_SIDE` a side for a PNG), and embedded in every PDF and
SVG (the PNG preview draws the PDF, so it shows it too).  An SVG may not reach for anything outside
itself: no DOCTYPE or entities, no ``href`` but to its own ``#parts``.  SVG pictures are drawn into PDF
with svglib.

Each picture a layout names is read, decoded and checked once while the layout is loaded, however many
copies of it a repeat draws (:func:`picture`): a PNG's chunks are walked and their checksums checked,
every chunk but the image's own (``IHDR``, ``PLTE``, ``tRNS``, ``IDAT``, ``IEND``) is dropped, and its
pixels are decoded to the end; an SVG must be well-formed XML whose numbers are at most
:data:`MAX_SVG_NUMBER`, and the shapes it draws, each ``<use>`` copy counted, are at most
:data:`MAX_SVG_DRAWN` (they count against the sheet's drawn items too).
"""

from __future__ import annotations

import contextvars
import io
import re
import stat
import struct
import zlib
from pathlib import Path
from typing import Any

from rollwrite.draw.pngchunks import SIGNATURE as PNG_SIGNATURE
from rollwrite.draw.scene import Pen
from rollwrite.errors import InputError, excerpt
from rollwrite.files import TextLimits, check_name, read_bounded
from rollwrite.games.base import ElementType
from rollwrite.layoutlang.nodes import Node, Reader, expect_number, expect_pair, expect_str
from rollwrite.valueclass import Value

MAX_BYTES = 2 * 1024 * 1024
MAX_SVG_BYTES = 512 * 1024
MAX_SVG_TAGS = 5000
MAX_SVG_DRAWN = 2_000  # shapes one SVG picture draws, each <use> copy counted (the sheet's own budget too)
MAX_SVG_NUMBER = 1e6  # the largest number an SVG picture may write (user units)
MAX_SIDE = 3000
# the chunks a PNG's picture is made of; every other (text, colour profiles, dates...) is dropped
_PNG_KEPT = {b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"}
# (a pattern: re compiles it when first used, and a sheet without pictures never does)
_OUTSIDE = r"<!DOCTYPE|<!ENTITY|(?:href|src)\s*=\s*[\"'](?!#)|url\(\s*[\"']?(?!#)|@import"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_SVG_NS = "{http://www.w3.org/2000/svg}"
_XLINK = "{http://www.w3.org/1999/xlink}href"
_SVG_SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "image"}

# the pictures read while one layout is loaded, by file: each is read and checked once, however many
# elements (or copies of a repeat) name it (set by rollwrite.layoutlang.layout.layout_from_node)
LOADED: contextvars.ContextVar[dict[Path, Any] | None] = contextvars.ContextVar("rollwrite_pictures", default=None)


class ImageV(Value):
    kind: str  # png | svg
    data: bytes
    w: float
    h: float
    drawn: int = 1  # the shapes it draws (an SVG's, each <use> copy counted)
    decoded: Any = None  # the picture as read once: a PNG's Pillow image, an SVG's reportlab Drawing


class Picture(Value):
    """A picture file, read and checked: its kind, the bytes to embed, its own size and what it draws."""

    kind: str
    data: bytes
    pw: float
    ph: float
    drawn: int
    decoded: Any = None  # the picture as read once: a PNG's Pillow image, an SVG's reportlab Drawing


def _layout_path(node: Node, what: str) -> tuple[str, Path]:
    """The name ``node`` gives and the file it names, refused unless it lies inside the folder of the
    layout file ``node`` is written in (links followed)."""
    name = expect_str(node)
    shown = excerpt(name)
    try:
        check_name(name)
    except InputError as exc:
        raise node.error(f"'{shown}': {exc.message}", hint=exc.hint) from None
    rel = Path(name)
    if rel.is_absolute() or not name.strip():
        raise node.error(f"'{shown}' is not a file beside the layout", hint="name it from the layout's folder, e.g. pictures/lock.png")
    try:
        folder = Path(node.file).parent.resolve()
        path = (folder / rel).resolve()
    except (OSError, RuntimeError):  # a link to itself, or a circle of links
        raise node.error(f"'{shown}' is a link that leads round in a circle",
                         hint=f"name the file itself, not a link, as {what}") from None
    if folder != path and folder not in path.parents:
        raise node.error(f"'{shown}' lies outside the layout's folder", hint="a layout may read only files under its own folder")
    return shown, path


def layout_file(node: Node, most: int, what: str) -> tuple[Path, bytes]:
    """The bytes of the file ``node`` names (``what``: 'a picture', 'a font'), from inside the folder of the
    layout file ``node`` is written in, at most ``most`` bytes."""
    # deferred: only a layout that names a file of its own needs it
    from rollwrite.files import open_regular

    shown, path = _layout_path(node, what)
    try:
        st = path.stat()
    except OSError:
        raise node.error(f"there is no file '{shown}'", hint="the path is taken from the folder of the layout file") from None
    if not stat.S_ISREG(st.st_mode):
        raise node.error(f"'{shown}' is not a regular file")
    if st.st_size > most:
        raise node.error(f"'{shown}' is larger than {most // (1024 * 1024)} MB, the most {what} may be")
    try:
        with open_regular(path, shown, what) as fh:
            data = read_bounded(fh, shown, TextLimits(what, most))
    except OSError as exc:
        raise node.error(f"cannot read '{shown}' ({exc.strerror})") from None
    except InputError as exc:  # grew past the limit while being read, or not a regular file any more
        raise node.error(f"'{shown}': {exc.message}", hint=exc.hint) from None
    return path, data


def _png(node: Node, data: bytes) -> tuple[bytes, Any]:
    """A PNG file's picture: its chunks walked and checked, every chunk but the picture's own dropped
    (so no text or colour profile is ever inflated), its pixels decoded to the end; the PNG to embed and
    its decoded picture (a Pillow image)."""
    kept = [PNG_SIGNATURE]
    seen: list[bytes] = []  # the chunks' types, in order
    pos, ended = len(PNG_SIGNATURE), False
    while pos < len(data):
        if pos + 12 > len(data):
            raise node.error("this PNG file ends in the middle of a chunk", hint="the file is cut short: save it again as PNG")
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        end = pos + 12 + length
        if length > 0x7FFFFFFF or end > len(data):
            raise node.error("this PNG file ends in the middle of a chunk", hint="the file is cut short: save it again as PNG")
        body = data[pos + 8:end - 4]
        if zlib.crc32(ctype + body) != struct.unpack(">I", data[end - 4:end])[0]:
            name = ctype.decode("latin-1") if ctype.isalpha() else "?"
            raise node.error(f"this PNG file is damaged: the checksum of its '{excerpt(name)}' chunk is wrong",
                             hint="save the picture again as PNG")
        if not seen and ctype != b"IHDR":
            raise node.error("this PNG file has no image header", hint="save it again as PNG")
        if ctype in _PNG_KEPT:
            kept.append(data[pos:end])
        elif not ctype[:1].islower():  # a critical chunk no decoder knows
            raise node.error(f"this PNG file has a chunk '{excerpt(ctype.decode('latin-1'))}' that no PNG reader knows",
                             hint="save the picture again as plain PNG")
        seen.append(ctype)
        pos = end
        if ctype == b"IEND":
            ended = True
            break
    if not seen:
        raise node.error("this PNG file has no image header", hint="save it again as PNG")
    if not ended or b"IDAT" not in seen:
        raise node.error("this PNG file ends before its picture does", hint="the file is cut short: save it again as PNG")
    ihdr = kept[1]
    w, h = struct.unpack(">II", ihdr[8:16])
    if not (1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise node.error(f"this PNG is {w} x {h} pixels; at most {MAX_SIDE} a side", hint="make the picture smaller")
    clean = b"".join(kept)
    # deferred: Pillow decodes the pixels, for a layout with a PNG picture only
    from PIL import Image as PILImage

    try:
        im = PILImage.open(io.BytesIO(clean))
        im.load()
    except Exception:  # Pillow raises several kinds for a broken picture; each means "cannot be drawn"
        raise node.error("this PNG file's picture cannot be decoded (its image data is damaged or cut short)",
                         hint="save the picture again as PNG") from None
    return clean, im


def _svg(node: Node, data: bytes) -> tuple[Any, int]:
    """An SVG file's size and the shapes it draws, after checking that it is well-formed, reaches
    nothing outside itself, writes no number larger than :data:`MAX_SVG_NUMBER` and draws at most
    :data:`MAX_SVG_DRAWN` shapes with every ``<use>`` copy counted."""
    if len(data) > MAX_SVG_BYTES:
        raise node.error(f"this SVG file is larger than {MAX_SVG_BYTES // 1024} KB")
    text = data.decode("utf-8", errors="replace")
    bad = re.search(_OUTSIDE, text, re.I)
    if bad:
        raise node.error(f"this SVG reaches outside itself ('{excerpt(bad.group(0).strip())}')",
                         hint="a picture may not name other files, pages or entities: save it as plain SVG")
    if text.count("<") > MAX_SVG_TAGS:
        raise node.error(f"this SVG has more than {MAX_SVG_TAGS} tags")
    # deferred: only a layout with an SVG picture parses XML
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        line, col = exc.position
        raise node.error(f"this SVG file is not well-formed XML (line {line}, column {col + 1}: "
                         f"{excerpt(str(exc).split(':')[0])})", hint="save it again as plain SVG") from None
    for el in root.iter():
        values = list(el.attrib.values())
        if el.tag in (f"{_SVG_NS}style", "style") and el.text:
            values.append(el.text)
        for value in values:
            for number in re.findall(_NUMBER, value):
                if not abs(float(number)) <= MAX_SVG_NUMBER:
                    raise node.error(f"this SVG writes the number {excerpt(number)}; its numbers may be at most "
                                     f"{MAX_SVG_NUMBER:,.0f}", hint="save the picture again with smaller coordinates")
    drawn = _svg_drawn(node, root)
    drawing = svg_drawing(data)
    if drawing is None or not drawing.width or not drawing.height:
        raise node.error("this SVG file cannot be read as a picture", hint="save it again as plain SVG")
    return drawing, drawn


def _svg_drawn(node: Node, root: Any) -> int:
    """The shapes an SVG draws, each ``<use>`` copy counted as what it copies; refused past
    :data:`MAX_SVG_DRAWN` or when a ``<use>`` copies itself."""
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    cost: dict[int, int] = {}
    busy: set[int] = set()

    def count(el: Any) -> int:
        key = id(el)
        if key in cost:
            return cost[key]
        if key in busy:
            raise node.error("this SVG has a <use> that copies itself", hint="save it again as plain SVG")
        busy.add(key)
        tag = el.tag.rsplit("}", 1)[-1]
        n = 1 if tag in _SVG_SHAPES else 0
        if tag == "use":
            ref = (el.get(_XLINK) or el.get("href") or "").lstrip("#")
            target = ids.get(ref)
            n += count(target) if target is not None else 0
        elif tag not in ("defs", "symbol", "clipPath", "mask", "pattern", "marker") or el is root:
            n += sum(count(child) for child in el)
        if n > MAX_SVG_DRAWN:
            raise node.error(f"this SVG draws more than {MAX_SVG_DRAWN:,} shapes, each <use> copy counted",
                             hint="simplify the picture, or save it as PNG")
        busy.discard(key)
        cost[key] = n
        return n

    return max(1, count(root))


def svg_drawing(data: bytes) -> Any:
    """The SVG as a reportlab Drawing (None when svglib cannot read it)."""
    # svglib is imported only for a layout with an SVG picture: it is large, and nothing else needs it
    from svglib.svglib import svg2rlg

    try:
        return svg2rlg(io.BytesIO(data), resolve_entities=False)
    except Exception:  # lxml and svglib raise many kinds of errors for a broken file; each means "unreadable"
        return None


def picture(node: Node) -> Picture:
    """The picture file ``node`` names, read and checked once while a layout is loaded."""
    shown, path = _layout_path(node, "a picture")
    loaded = LOADED.get()
    if loaded is not None and path in loaded:
        return loaded[path]
    path, raw = layout_file(node, MAX_BYTES, "a picture")
    if raw.startswith(PNG_SIGNATURE):
        clean, im = _png(node, raw)
        found = Picture("png", clean, float(im.width), float(im.height), 1, im)
    elif path.suffix.lower() == ".svg" or b"<svg" in raw[:4096]:
        drawing, drawn = _svg(node, raw)
        found = Picture("svg", raw, float(drawing.width), float(drawing.height), drawn, drawing)
    else:
        raise node.error("this file is neither PNG nor SVG", hint="save the picture as .png or .svg")
    if loaded is not None:
        loaded[path] = found
    return found


def _read_image(node: Node, data: Any) -> ImageV:
    r = Reader(node, "an image")
    fnode = r.raw("file")
    assert fnode is not None
    pic = picture(fnode)
    size_node, width_node = r.raw("size", None), r.raw("width", None)
    r.done()
    if (size_node is None) == (width_node is None):
        raise node.error("give the picture's 'size: [w, h]' or its 'width' (the height keeps its proportions)")
    if size_node is not None:
        w, h = expect_pair(size_node, minimum=0.5)
    else:
        assert width_node is not None  # (one of 'size' and 'width', checked above)
        w = expect_number(width_node, minimum=0.5, maximum=1000)
        h = w * pic.ph / pic.pw
    return ImageV(pic.kind, pic.data, w, h, pic.drawn, pic.decoded)


def _build_image(v: ImageV, pen: Pen, ctx: Any) -> None:
    pen.image(0.0, 0.0, v.w, v.h, v.kind, v.data, v.drawn, v.decoded)


IMAGES: dict[str, ElementType] = {
    "image": ElementType(_read_image, _build_image, lambda v: (v.w, v.h),
                         "a PNG or SVG picture from the layout's folder, in a box from 'at'"),
}
