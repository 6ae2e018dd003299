"""PNG backend: each page of the scene's PDF drawn to pixels by PDFium (pypdfium2), one PNG per page.

Imported only when a PNG is asked for, so pypdfium2 and Pillow load for nothing else.  The PNG is a
preview of the very PDF ``print`` writes (same fonts, same geometry), at ``dpi`` pixels per inch.  A
page with no colour on it is stored as greyscale, which keeps previews small.  Memory stays bounded:
one page is rendered at a time and a page may hold at most MAX_PIXELS pixels.
"""

from __future__ import annotations

import io
from collections.abc import Iterator

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from rollwrite.draw import pdf
from rollwrite.draw.scene import Scene
from rollwrite.errors import UsageError

MIN_DPI, MAX_DPI = 20, 600
MAX_PIXELS = 40_000_000  # per page: 40 megapixels, about 120 MB of RGB while it is encoded
INCH = 25.4


def check(scene: Scene, dpi: int) -> None:
    """A UsageError when ``dpi`` is out of range or a page would be too many pixels."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}", hint="150 is a good preview")
    for page in scene.pages:
        px = (page.width / INCH * dpi) * (page.height / INCH * dpi)
        if px > MAX_PIXELS:
            most = int((MAX_PIXELS / ((page.width / INCH) * (page.height / INCH))) ** 0.5)
            raise UsageError(f"a {page.width:g} x {page.height:g} mm page at {dpi} dpi is {px / 1e6:.0f} megapixels; "
                             f"the most is {MAX_PIXELS // 1_000_000}",
                             hint=f"give --dpi {most} or less")


def _encode(image: Image.Image) -> bytes:
    rgb = image.convert("RGB")
    r, g, b = rgb.split()
    if ImageChops.difference(r, g).getbbox() is None and ImageChops.difference(g, b).getbbox() is None:
        rgb = r  # no colour anywhere: one channel is enough
    buf = io.BytesIO()
    rgb.save(buf, format="PNG", optimize=True, dpi=(image.info.get("dpi") or (150, 150)))
    return buf.getvalue()


def pages(scene: Scene, dpi: int = 150, on_page=None) -> Iterator[bytes]:
    """One PNG per page, each made when it is asked for (a long run is written page by page, never held
    whole); ``on_page()`` is called after each page is drawn to PDF and again after it is drawn to
    pixels (two steps a page, for a progress bar).  The dpi is checked before anything is drawn."""
    check(scene, dpi)
    return _pages(scene, dpi, on_page)


def _pages(scene: Scene, dpi: int, on_page) -> Iterator[bytes]:
    doc = pdfium.PdfDocument(pdf.render(scene, on_page=on_page))
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                bitmap = page.render(scale=dpi / 72.0, fill_color=(255, 255, 255, 255))
                image = bitmap.to_pil()
                del bitmap
                image.info["dpi"] = (dpi, dpi)
                blob = _encode(image)
                del image
            finally:
                page.close()
            yield blob
            if on_page is not None:
                on_page()
    finally:
        doc.close()


def render(scene: Scene, dpi: int = 150, on_page=None) -> list[bytes]:
    """One PNG per page (see :func:`pages`)."""
    return list(pages(scene, dpi, on_page))
