"""PDF backend (reportlab).  Imported only when a PDF is rendered.

The scene's y grows downward; PDF's grows upward: the flip happens in ``_y`` and nowhere else.  Fonts
are the TrueType files from fonts/, embedded (subset) in every file.  ``invariant=1`` removes the
timestamp and random document id, so the same scene gives the same bytes.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.colors import CMYKColor, HexColor
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from rollwrite import __version__
from rollwrite.draw.metrics import FONT_FILES
from rollwrite.draw.images import svg_drawing
from rollwrite.draw.userfonts import font_bytes, is_user_font, parts
from rollwrite.draw.scene import Circle, Curve, Image, Line, Path, Rect, Scene, Symbol, Text, Use
from rollwrite.output import SEAL_SLOT
from rollwrite.resources import fonts_dir

MM = 72.0 / 25.4
_PDF_FONT = {name: f"RW-{file[:-4]}" for name, file in FONT_FILES.items()}
_registered: set[str] = set()


def _register(name: str) -> None:
    """Make font ``name`` known to reportlab, once a process, when a page first uses it: reading a font
    is most of the fixed cost of a PDF, and a font no page uses is never embedded."""
    if name not in _registered:
        pdfmetrics.registerFont(_font(name, fonts_dir() / FONT_FILES[name]))
        _registered.add(name)


def _font(name: str, path) -> TTFont:  # noqa: ANN001 - a Path
    """The font of ``path``, read by reportlab, under rollwrite's name for it in the PDF."""
    return TTFont(_PDF_FONT[name], str(path))


def _own_font(font: str) -> str:
    """The PDF name of a layout's own font, registered with reportlab (which embeds the glyphs used)
    the first time a page sets it; the name holds the file's SHA-256, so one name is one content."""
    digest, _ = parts(font)
    name = f"RW-own-{digest[:24]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(font_bytes(font))))
    return name


@lru_cache(maxsize=256)
def _color(c: str, cmyk: bool = False):
    """A colour of the scene (``#rrggbb``) as reportlab draws it: RGB, or with ``cmyk`` a CMYK colour of
    the same look (greys and black in the black ink alone, as a print shop wants text and lines)."""
    rgb = HexColor(c)
    if not cmyk:
        return rgb
    r, g, b = rgb.red, rgb.green, rgb.blue
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return CMYKColor(0, 0, 0, 1)
    cyan, magenta, yellow = (round((1 - v - k) / (1 - k), 4) for v in (r, g, b))
    return CMYKColor(cyan, magenta, yellow, round(k, 4))


_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


_UNSET = object()
_UNKNOWN = -1  # a line cap or join not known to be set (PDF's are 0, 1 and 2)


class _State:
    """Graphics state already set in the stream being written, so each setting is written only when it
    changes.  A page starts from PDF's defaults; a form is placed on pages whose state differs, so it
    starts from nothing known and sets everything it relies on."""

    def __init__(self, c: Canvas, cmyk: bool = False) -> None:
        self.c = c
        self.cmyk = cmyk
        self.pictures: dict[int, tuple[bytes, str]] = {}  # id of a picture's bytes -> (the bytes, its form)
        self.reset()

    def reset(self, unknown: bool = False) -> None:
        v = _UNSET if unknown else None
        self.width = self.dash = self.stroke = self.fill = self.font = v
        self.cap = self.join = _UNKNOWN if unknown else 0

    def line(self, width: float, dash, stroke: str | None, cap: int, join: int) -> None:
        c = self.c
        if width != self.width:
            c.setLineWidth(width)
            self.width = width
        if dash != self.dash:
            c.setDash([d * MM for d in dash] if dash else [])
            self.dash = dash
        if stroke and stroke != self.stroke:
            c.setStrokeColor(_color(stroke, self.cmyk))
            self.stroke = stroke
        if cap != self.cap:
            c.setLineCap(cap)
            self.cap = cap
        if join != self.join:
            c.setLineJoin(join)
            self.join = join

    def fill_color(self, fill: str | None) -> None:
        if fill and fill != self.fill:
            self.c.setFillColor(_color(fill, self.cmyk))
            self.fill = fill

    def set_font(self, font: str, size: float) -> None:
        if (font, size) != self.font:
            if is_user_font(font):
                self.c.setFont(_own_font(font), size)
            else:
                _register(font)
                self.c.setFont(_PDF_FONT[font], size)
            self.font = (font, size)

    def kept_cap(self) -> int:
        return self.cap if self.cap != _UNKNOWN else 0

    def kept_join(self) -> int:
        return self.join if self.join != _UNKNOWN else 0


def _draw(c: Canvas, st: _State, items: list, height: float) -> None:
    """Draw scene items; ``height`` is the page's height in mm (0 inside a form, whose origin is the
    symbol's own, with y flipped about it)."""

    def _y(y: float) -> float:  # the one place where y is flipped
        return (height - y) * MM

    for it in items:
        if isinstance(it, Text):
            st.fill_color(it.color)
            st.set_font(it.font, it.size)
            x, y = it.x * MM, _y(it.y)
            if it.angle:  # turned about its anchor point; clockwise on paper is negative in PDF
                c.saveState()
                c.translate(x, y)
                c.rotate(-it.angle)
                x = y = 0.0
            if it.anchor == "middle":
                c.drawCentredString(x, y, it.text)
            elif it.anchor == "end":
                c.drawRightString(x, y, it.text)
            else:
                c.drawString(x, y, it.text)
            if it.angle:
                c.restoreState()
        elif isinstance(it, Line):
            st.line(it.width * MM, it.dash, it.color, _CAPS[it.cap], st.kept_join())
            c.line(it.x1 * MM, _y(it.y1), it.x2 * MM, _y(it.y2))
        elif isinstance(it, Use):
            k = it.k
            c.saveState()
            c.transform(k, 0, 0, k, it.x * MM, _y(it.y))
            c.doForm(it.name)
            c.restoreState()
        elif isinstance(it, Image):
            _image(c, it, _y(it.y), st.pictures[id(it.data)][1])
        else:
            stroke, fill = it.stroke, it.fill
            do_stroke = 1 if stroke and it.width > 0 else 0
            do_fill = 1 if fill else 0
            st.fill_color(fill)
            if isinstance(it, Rect):
                st.line(it.width * MM, it.dash, stroke, 0, 0)
                x, y0 = it.x * MM, _y(it.y + it.h)
                if it.angle:  # turned about its top-left corner
                    c.saveState()
                    c.translate(x, _y(it.y))
                    c.rotate(-it.angle)
                    x, y0 = 0.0, -it.h * MM
                if it.radius > 0:
                    c.roundRect(x, y0, it.w * MM, it.h * MM, it.radius * MM, stroke=do_stroke, fill=do_fill)
                else:
                    c.rect(x, y0, it.w * MM, it.h * MM, stroke=do_stroke, fill=do_fill)
                if it.angle:
                    c.restoreState()
            elif isinstance(it, Circle):
                st.line(it.width * MM, it.dash, stroke, st.kept_cap(), st.kept_join())
                c.circle(it.cx * MM, _y(it.cy), it.r * MM, stroke=do_stroke, fill=do_fill)
            elif isinstance(it, Path):
                st.line(it.width * MM, it.dash, stroke, _CAPS[it.cap], _JOINS[it.join])
                p = c.beginPath()
                (x0, y0), *rest = it.points
                p.moveTo(x0 * MM, _y(y0))
                for x, y in rest:
                    p.lineTo(x * MM, _y(y))
                if it.closed:
                    p.close()
                c.drawPath(p, stroke=do_stroke, fill=do_fill)
            elif isinstance(it, Curve):
                st.line(it.width * MM, it.dash, stroke, _CAPS[it.cap], _JOINS[it.join])
                p = c.beginPath()
                p.moveTo(it.start[0] * MM, _y(it.start[1]))
                for (x1, y1), (x2, y2), (x3, y3) in it.pieces:
                    p.curveTo(x1 * MM, _y(y1), x2 * MM, _y(y2), x3 * MM, _y(y3))
                if it.closed:
                    p.close()
                c.drawPath(p, stroke=do_stroke, fill=do_fill)


def _image(c: Canvas, it: Image, top: float, name: str) -> None:
    """A picture with its top-left corner at (it.x, ``top``) in points, turned about that corner: the
    form ``name`` (the picture drawn once in a unit square, :func:`_picture_form`) placed in its box."""
    c.saveState()
    c.translate(it.x * MM, top)
    if it.angle:
        c.rotate(-it.angle)
    c.translate(0, -it.h * MM)
    c.scale(it.w * MM, it.h * MM)
    c.doForm(name)
    c.restoreState()


def _pictures(c: Canvas, st: _State, items: list) -> None:
    """The form of each picture among ``items`` not made yet, made now (before the page or symbol that
    places it is drawn)."""
    for it in items:
        if isinstance(it, Image) and id(it.data) not in st.pictures:
            name = f"picture{len(st.pictures) + 1}"
            _picture_form(c, name, it)
            st.pictures[id(it.data)] = (it.data, name)  # the bytes kept, so their id stays theirs


def _picture_form(c: Canvas, name: str, it: Image) -> None:
    """A picture drawn once into a form XObject filling the unit square: each copy places the form, so a
    picture a sheet repeats is decoded and embedded once."""
    c.beginForm(name, 0, 0, 1, 1)
    if it.kind == "png":
        c.drawImage(ImageReader(it.decoded if it.decoded is not None else io.BytesIO(it.data)), 0, 0, 1, 1, mask="auto")
    else:
        # reportlab's drawing renderer is needed only for SVG pictures; most sheets have none
        from reportlab.graphics import renderPDF

        drawing = it.decoded if it.decoded is not None else svg_drawing(it.data)
        if drawing is not None and drawing.width and drawing.height:  # read and checked when loaded
            c.scale(1 / drawing.width, 1 / drawing.height)
            renderPDF.draw(drawing, c, 0, 0)
    c.endForm()


LANGUAGE = "en"  # the language of every sheet's text (the PDF's /Lang)


@contextmanager
def _no_source_date() -> Iterator[None]:
    """The same bytes whatever the environment: reportlab dates an invariant file (and seeds its file
    id) from SOURCE_DATE_EPOCH when it is set, at the canvas's making; rollwrite's files carry no date
    of their own making, so it is put aside while the canvas is made."""
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def render(scene: Scene, on_page=None, cmyk: bool = False) -> bytes:
    """The scene as PDF bytes; ``on_page()`` is called after each page (for a progress bar); ``cmyk``:
    every colour drawn in CMYK (DeviceCMYK), as many print shops ask, not RGB.  The pages
    are read once, in order, each drawn on the canvas and then let go (a streamed scene is never held
    whole; reportlab keeps each drawn page's operations until the file is saved)."""
    _register("regular")  # the canvas's initial font
    buf = io.BytesIO()
    first_width, first_height = scene.page_sizes()[0]
    a85 = rl_config.useA85
    rl_config.useA85 = 0  # compressed streams stay binary: ASCII85 would make them a quarter larger
    try:
        # reportlab makes no tagged PDF (no structure tree); what a screen reader can use is here instead:
        # the title (shown by viewers in place of the file's name), the language, and the text drawn in
        # reading order (the scene's order: title, rules, then each sheet top to bottom)
        # (types-reportlab 5.0.0.20261008 types initialFontName as a float; reportlab takes a font's name)
        with _no_source_date():
            c = Canvas(buf, pagesize=(first_width * MM, first_height * MM), invariant=1, pageCompression=1,
                       initialFontName=_PDF_FONT["regular"],  # type: ignore[arg-type]
                       initialFontSize=10, lang=LANGUAGE)
        c.setTitle(scene.title)
        c.setViewerPreference("DisplayDocTitle", "true")
        c.setSubject(scene.subject)
        c.setCreator(f"rollwrite {__version__}")
        c.setAuthor("rollwrite")
        c.setKeywords(SEAL_SLOT)  # the file's digest, filled in as it is written (rollwrite.output.seal_file)
        # Ask viewers to print at true size: a pencil grid must not shrink.
        c.setViewerPreference("PrintScaling", "None")
        st = _State(c, cmyk)
        made: set[str] = set()
        for page in scene.pages:
            c.setPageSize((page.width * MM, page.height * MM))
            height = page.height
            # a page meant to be cut says where (TrimBox) and how far its ink may reach (BleedBox)
            for name, box in (("trim", page.trim), ("bleed", page.bleed)):
                c.setCropBox(None if box is None else (box[0] * MM, (height - box[3]) * MM, box[2] * MM,
                                                       (height - box[1]) * MM), name=name)
            for it in page.items:  # the symbols and pictures this page places, each made once, at its first use
                if isinstance(it, Use) and it.name not in made:
                    _pictures(c, st, scene.symbols[it.name].items)
                    _form(c, st, it.name, scene.symbols[it.name])
                    made.add(it.name)
            _pictures(c, st, page.items)
            st.reset()
            _draw(c, st, page.items, height)
            del page  # let it go before the next page is made
            c.showPage()
            if on_page is not None:
                on_page()
        c.save()
    finally:
        rl_config.useA85 = a85
    return buf.getvalue()


def _form(c: Canvas, st: _State, name: str, symbol: Symbol) -> None:
    """A symbol as a PDF form XObject: drawn once, placed by each Use."""
    x0, y0, x1, y1 = symbol.bounds
    m = 1.0  # mm of room round the ink, for the last fraction of a stroke's end
    # (types-reportlab 5.0.0.20261008 says whole numbers; reportlab writes any number into the form's box)
    c.beginForm(name, (x0 - m) * MM, -(y1 + m) * MM, (x1 + m) * MM, -(y0 - m) * MM)  # type: ignore[arg-type]
    st.reset(unknown=True)
    _draw(c, st, symbol.items, 0.0)
    c.endForm()
