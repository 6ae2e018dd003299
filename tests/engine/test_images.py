"""image: PNG and SVG files from the layout's own folder, bounded, embedded in PDF and SVG and shown in
the PNG preview; anything outside the folder or reaching outside itself is refused."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, load_layout

LOCK = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
  <rect x="4" y="10" width="16" height="12" rx="2" fill="#333"/>
  <path d="M7 10 V7 a5 5 0 0 1 10 0 V10" fill="none" stroke="#333" stroke-width="2"/>
</svg>
"""


def png(w: int, h: int, rgb: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def sheet(folder: Path, elements: str) -> Path:
    (folder / "pics").mkdir(exist_ok=True)
    (folder / "pics" / "lock.svg").write_text(LOCK)
    (folder / "pics" / "red.png").write_bytes(png(40, 20))
    path = folder / "p.yaml"
    path.write_text("game: pictures\ntitle: P\nsheet:\n  size: [100, 60]\n  elements:\n" + elements)
    return path


def err(folder: Path, monkeypatch, element: str) -> str:
    monkeypatch.chdir(folder)
    sheet(folder, "    " + element + "\n")
    with pytest.raises(InputError) as info:
        check_geometry(load_layout("p.yaml"))
    return str(info.value)


def test_pictures_load_keep_their_proportions_and_print_in_every_format(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sheet(tmp_path, "    - {type: image, at: [2, 2], file: pics/lock.svg, width: 20}\n"
                    "    - {type: image, at: [30, 2], file: pics/red.png, width: 20}\n"
                    "    - {type: image, at: [60, 2], file: pics/red.png, size: [10, 30], rotate: 10}\n")
    layout = load_layout("p.yaml")
    svg, red, tall = (e.value for e in layout.sheet.elements)
    assert (svg.kind, svg.w, svg.h) == ("svg", 20.0, 20.0)
    assert (red.kind, red.w, red.h) == ("png", 20.0, 10.0)
    assert (tall.w, tall.h) == (10.0, 30.0)
    assert cli("check-layout", "p.yaml").exit_code == 0
    assert cli("print", "p.yaml", "-o", "p.pdf").exit_code == 0
    pdf = Path("p.pdf").read_bytes()
    assert b"/Subtype /Image" in pdf
    assert cli("print", "p.yaml", "-o", "p.pdf").exit_code == 0  # the same bytes again
    assert cli("print", "p.yaml", "-o", "again.pdf").exit_code == 0 and Path("again.pdf").read_bytes() == pdf
    assert cli("print", "p.yaml", "-o", "p.svg").exit_code == 0
    text = Path("p.svg").read_text()
    assert "data:image/png;base64," in text and "data:image/svg+xml;base64," in text
    assert cli("print", "p.yaml", "-o", "p.png", "--dpi", "60").exit_code == 0
    from PIL import Image

    with Image.open("p.png") as im:
        colours = im.convert("RGB").getcolors(1_000_000)
    assert any(r > 150 and g < 80 and b < 80 for _, (r, g, b) in colours)  # the red picture shows


@pytest.mark.parametrize("element,message", [
    ("- {type: image, at: [2, 2], file: ../x.png, width: 5}", "'../x.png' lies outside the layout's folder"),
    ("- {type: image, at: [2, 2], file: /etc/passwd, width: 5}", "'/etc/passwd' is not a file beside the layout"),
    ("- {type: image, at: [2, 2], file: pics/none.png, width: 5}", "there is no file 'pics/none.png'"),
    ("- {type: image, at: [2, 2], file: pics, width: 5}", "'pics' is not a regular file"),
    ("- {type: image, at: [2, 2], file: p.yaml, width: 5}", "this file is neither PNG nor SVG"),
    ("- {type: image, at: [2, 2], file: pics/red.png}", "give the picture's 'size: [w, h]' or its 'width'"),
])
def test_refusals(tmp_path, monkeypatch, element, message):
    assert message in err(tmp_path, monkeypatch, element)


def test_a_link_out_of_the_folder_a_huge_png_and_an_svg_that_reaches_out_are_refused(tmp_path, monkeypatch):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.png").write_bytes(png(2, 2))
    home = tmp_path / "home"
    home.mkdir()
    os.symlink(outside / "secret.png", home / "link.png")
    assert "'link.png' lies outside the layout's folder" in err(home, monkeypatch, "- {type: image, at: [2, 2], file: link.png, width: 5}")
    (home / "big.png").write_bytes(png(3001, 1))
    assert "this PNG is 3001 x 1 pixels; at most 3000 a side" in err(home, monkeypatch, "- {type: image, at: [2, 2], file: big.png, width: 5}")
    (home / "out.svg").write_text(LOCK.replace("<rect", '<image href="file:///etc/hosts"/><rect'))
    assert "this SVG reaches outside itself ('href=\"')" in err(home, monkeypatch, "- {type: image, at: [2, 2], file: out.svg, width: 5}")
    (home / "ent.svg").write_text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>' + LOCK)
    assert "this SVG reaches outside itself ('<!DOCTYPE')" in err(home, monkeypatch, "- {type: image, at: [2, 2], file: ent.svg, width: 5}")
    (home / "broken.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'><rect")
    assert "this SVG file is not well-formed XML (line 1, column 41: unclosed token)" in err(home, monkeypatch, "- {type: image, at: [2, 2], file: broken.svg, width: 5}")


def test_in_cmyk_everything_drawn_is_cmyk_and_a_layouts_own_picture_goes_in_as_it_is(cli, tmp_path, monkeypatch):
    """README.md: ``--cmyk`` writes every colour rollwrite draws in CMYK, and a layout's own pictures go
    into the PDF as they are (a PNG stays DeviceRGB: the shop is given pictures in its colours)."""
    import io

    from pypdf import PdfReader

    monkeypatch.chdir(tmp_path)
    sheet(tmp_path, "    - {type: box, at: [2, 40], size: [20, 10], fill: '#c83232'}\n"
                    "    - {type: image, at: [30, 2], file: pics/red.png, width: 20}\n")
    assert cli("print", "p.yaml", "--cmyk", "-o", "p.pdf").exit_code == 0
    reader = PdfReader(io.BytesIO(Path("p.pdf").read_bytes()))
    page = reader.pages[0]
    ops = page.get_contents().get_data()
    assert b" k" in ops and b" rg" not in ops and b" RG" not in ops
    images = []

    def walk(resources) -> None:  # noqa: ANN001 - the page's XObjects, and the forms' own
        for obj in (resources.get("/XObject") or {}).values():
            obj = obj.get_object()
            if obj["/Subtype"] == "/Image":
                images.append(obj["/ColorSpace"])
            elif "/Resources" in obj:
                walk(obj["/Resources"])

    walk(page["/Resources"])
    assert images == ["/DeviceRGB"]
