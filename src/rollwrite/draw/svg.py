"""SVG backend (svgwrite).  Imported only when an SVG is rendered.  One SVG document per page.

Pages carry their size in mm with a viewBox in mm, so 1 user unit = 1 mm.  Text uses the same DejaVu
fonts as the PDF, embedded as a subset (fontTools) in an ``@font-face`` rule, with generic fallbacks for
converters that ignore embedded fonts.  No automatic ids are used, so output is byte-stable.
"""

from __future__ import annotations

import base64
import gc
import io
from functools import lru_cache
from collections.abc import Iterator
import logging
from typing import Any

from fontTools import subset
from fontTools.ttLib import TTFont
import svgwrite

from rollwrite.draw.metrics import FONT_FILES
from rollwrite.draw.userfonts import font_bytes, is_user_font, parts
from rollwrite.draw.scene import PT, Circle, Curve, Image, Line, Page, Path, Rect, Scene, Symbol, Text, Use
from rollwrite.resources import fonts_dir

_FAMILY = {
    "regular": ("rw-sans", "normal", "normal"),
    "bold": ("rw-sans", "bold", "normal"),
    "condensed": ("rw-sans-condensed", "normal", "normal"),
    "italic": ("rw-sans", "normal", "italic"),
}
_FALLBACK = {"rw-sans": "'DejaVu Sans', Verdana, Arial, sans-serif",
             "rw-sans-condensed": "'DejaVu Sans Condensed', 'Arial Narrow', sans-serif"}


def _family(font: str) -> tuple[str, str, str]:
    """(font-family, font-weight, font-style) of a font: a layout's own is a family of its own."""
    if is_user_font(font):
        return f"rw-own-{parts(font)[0][:12]}", "normal", "normal"
    return _FAMILY[font]


def _n(v: float) -> str:
    s = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@lru_cache(maxsize=64)
def _subset(font: str, chars: str) -> str:
    """Base64 of a TrueType subset of ``font`` holding ``chars``."""
    logging.getLogger("fontTools").setLevel(logging.ERROR)

    source = io.BytesIO(font_bytes(font)) if is_user_font(font) else str(fonts_dir() / FONT_FILES[font])
    # lazy: a table's parts are read as the subsetter reaches them, so the lookups of the features it drops
    # (most of DejaVu's GPOS) are never read: about half the time of a subset, the same bytes
    tt = TTFont(source, recalcTimestamp=False, lazy=True)
    options = subset.Options()
    options.name_IDs = ["*"]  # keep the copyright and licence names with the glyphs
    options.notdef_outline = True
    options.layout_features = ["kern", "liga"]
    options.drop_tables += ["FFTM"]  # a FontForge timestamp table: not needed, and not subsettable
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted({ord(ch) for ch in chars} | {0x20}))
    sub.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _style(items: list) -> str:
    used: dict[str, set[str]] = {}
    for it in items:
        if isinstance(it, Text):
            used.setdefault(it.font, set()).update(it.text)
    rules = []
    for font in sorted(used):
        family, weight, style = _family(font)
        data = _subset(font, "".join(sorted(used[font])))
        rules.append(
            f"@font-face{{font-family:'{family}';font-weight:{weight};font-style:{style};"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}"
        )
    return "".join(rules)


def _stroke(el, stroke: str | None, width: float, dash) -> None:
    if stroke and width > 0:
        el["stroke"] = stroke
        el["stroke-width"] = _n(width)
        if dash:
            el["stroke-dasharray"] = " ".join(_n(d) for d in dash)
    else:
        el["stroke"] = "none"


def _add(dwg, parent, items, pictures: dict[int, str]) -> None:
    """Add scene items to ``parent`` (the drawing, or a group of its definitions)."""
    for it in items:
        if isinstance(it, Text):
            family, weight, style = _family(it.font)
            t = dwg.text(it.text, insert=(_n(it.x), _n(it.y)))
            t["font-family"] = f"{family}, {_FALLBACK.get(family, 'sans-serif')}"
            t["font-size"] = _n(it.size * PT)
            if weight != "normal":
                t["font-weight"] = weight
            if style != "normal":
                t["font-style"] = style
            if it.anchor != "start":
                t["text-anchor"] = it.anchor
            if it.color != "#000000":
                t["fill"] = it.color
            if it.angle:
                t["transform"] = f"rotate({_n(it.angle)} {_n(it.x)} {_n(it.y)})"
            t["xml:space"] = "preserve"
            parent.add(t)
        elif isinstance(it, Line):
            el = dwg.line(start=(_n(it.x1), _n(it.y1)), end=(_n(it.x2), _n(it.y2)))
            _stroke(el, it.color, it.width, it.dash)
            if it.cap != "butt":
                el["stroke-linecap"] = it.cap
            parent.add(el)
        elif isinstance(it, Image):  # the picture, defined once in <defs> in a unit square, placed in its box
            el = dwg.use(f"#{pictures[id(it.data)]}")
            turn = f" rotate({_n(it.angle)})" if it.angle else ""
            el["transform"] = f"translate({_n(it.x)} {_n(it.y)}){turn} scale({_n(it.w)} {_n(it.h)})"
            parent.add(el)
        elif isinstance(it, Rect):
            el = dwg.rect(insert=(_n(it.x), _n(it.y)), size=(_n(it.w), _n(it.h)))
            if it.radius:
                el["rx"] = el["ry"] = _n(it.radius)
            if it.angle:
                el["transform"] = f"rotate({_n(it.angle)} {_n(it.x)} {_n(it.y)})"
            _stroke(el, it.stroke, it.width, it.dash)
            el["fill"] = it.fill or "none"
            parent.add(el)
        elif isinstance(it, Circle):
            el = dwg.circle(center=(_n(it.cx), _n(it.cy)), r=_n(it.r))
            _stroke(el, it.stroke, it.width, it.dash)
            el["fill"] = it.fill or "none"
            parent.add(el)
        elif isinstance(it, Path):
            d = "M" + " L".join(f"{_n(x)} {_n(y)}" for x, y in it.points)
            parent.add(_path(dwg, d, it))
        elif isinstance(it, Curve):
            d = f"M{_n(it.start[0])} {_n(it.start[1])}" + "".join(
                " C" + " ".join(f"{_n(x)} {_n(y)}" for x, y in piece) for piece in it.pieces
            )
            parent.add(_path(dwg, d, it))
        elif isinstance(it, Use):
            el = dwg.use(f"#{it.name}")
            el["transform"] = f"translate({_n(it.x)} {_n(it.y)})" + (f" scale({_n(it.k)})" if it.k != 1.0 else "")
            parent.add(el)


def render_page(page: Page, title: str, symbols: dict[str, Symbol] | None = None) -> bytes:
    """One page as an SVG document.  The symbols it places (``symbols``: the scene's) are defined once in
    its ``<defs>`` and placed with ``<use>``."""
    symbols = symbols or {}
    used = [n for n in dict.fromkeys(it.name for it in page.items if isinstance(it, Use))]
    dwg = svgwrite.Drawing(
        size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"),
        viewBox=f"0 0 {_n(page.width)} {_n(page.height)}",
        profile="full",
        debug=False,
    )
    dwg.set_desc(title=title)
    style = _style(list(page.items) + [it for n in used for it in symbols[n].items])
    if style:
        dwg.defs.add(dwg.style(style))
    pictures: dict[int, str] = {}  # id of a picture's bytes -> its id in <defs>: each picture embedded once
    for it in [it for n in used for it in symbols[n].items] + list(page.items):
        if isinstance(it, Image) and id(it.data) not in pictures:
            pictures[id(it.data)] = name = f"picture{len(pictures) + 1}"
            mime = "image/png" if it.kind == "png" else "image/svg+xml"
            pic = dwg.image(f"data:{mime};base64,{base64.b64encode(it.data).decode('ascii')}", insert=(0, 0),
                            size=(1, 1), id=name)
            pic["preserveAspectRatio"] = "none"
            dwg.defs.add(pic)
    for name in used:
        group = dwg.g(id=name)
        _add(dwg, group, symbols[name].items, pictures)
        dwg.defs.add(group)
    dwg.add(dwg.rect(insert=(0, 0), size=(_n(page.width), _n(page.height)), fill="#ffffff"))
    _add(dwg, dwg, page.items, pictures)
    out = io.StringIO()
    dwg.write(out, pretty=True, indent=1)
    return out.getvalue().encode("utf-8")


def pages(scene: Scene, on_page=None) -> Iterator[bytes]:
    """One SVG document per page, each made when it is asked for (a long run is written page by page,
    never held whole); ``on_page()`` is called after each (for a progress bar)."""
    for p in scene.pages:
        blob = render_page(p, scene.title, scene.symbols)
        del p  # let it go before the next page is made
        gc.collect()  # svgwrite's pretty printing leaves a page's XML tree in cycles: free it now
        yield blob
        if on_page is not None:
            on_page()


def render(scene: Scene, on_page=None) -> list[bytes]:
    """One SVG document per page; ``on_page()`` is called after each (for a progress bar)."""
    return list(pages(scene, on_page))


def _path(dwg: Any, d: str, it: Path | Curve) -> Any:
    """An SVG path for a Path or Curve whose outline ``d`` is already written (less the closing Z)."""
    el = dwg.path(d=d + (" Z" if it.closed else ""))
    _stroke(el, it.stroke, it.width, it.dash)
    el["fill"] = it.fill or "none"
    el["stroke-linejoin"] = it.join
    el["stroke-linecap"] = it.cap
    return el
