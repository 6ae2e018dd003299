"""The surfaces a layout opens on files of its own (pictures, fonts, icon sets) and the work it can ask
for, closed: each picture and font is read, decoded and checked once a run, the same in check-layout as
in print; damaged and hostile files are named with their place and exit 2; nothing makes an internal
error (exit 3); work grows with what is drawn, not with its square."""

from __future__ import annotations

import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from rollwrite.draw import hexes, images

LAYOUT = "game: pictures\ntitle: P\n{extra}sheet:\n  size: [100, 60]\n  elements:\n{elements}"


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(w: int = 8, h: int = 4, extra: bytes = b"") -> bytes:
    raw = b"".join(b"\x00" + bytes((200, 30, 30)) * w for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + extra
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def layout(folder: Path, *elements: str, extra: str = "") -> Path:
    path = folder / "p.yaml"
    path.write_text(LAYOUT.format(extra=extra, elements="".join(f"    - {e}\n" for e in elements)), encoding="utf-8")
    return path


def image(name: str, more: str = "") -> str:
    return f"{{type: image, at: [2, 2], file: {name}, size: [10, 10]{more}}}"


def both(cli, folder: Path) -> tuple[object, object]:
    """check-layout and print of p.yaml: they must agree."""
    return cli("check-layout", str(folder / "p.yaml")), cli("print", str(folder / "p.yaml"), "-o",
                                                              str(folder / "p.pdf"), "--force")


# a zlib stream that inflates to 64 MB from some 65 KB: the real attack inflates to 1 GB
BOMB = zlib.compress(b"\0" * (64 << 20), 9)


@pytest.mark.parametrize("kind, body", [(b"zTXt", b"k\0\0" + BOMB), (b"iTXt", b"k\0\1\0\0\0" + BOMB),
                                        (b"iCCP", b"p\0\0" + BOMB)])
def test_a_png_whose_text_or_colour_profile_inflates_without_end_prints_with_those_chunks_dropped(cli, tmp_path, kind, body):
    (tmp_path / "bomb.png").write_bytes(png(extra=chunk(kind, body)))
    layout(tmp_path, image("bomb.png"))
    check, printed = both(cli, tmp_path)
    assert check.exit_code == 0, check.output
    assert printed.exit_code == 0, printed.output
    pdf = (tmp_path / "p.pdf").read_bytes()
    assert kind not in pdf and len(pdf) < 200_000


def test_the_picture_s_own_chunks_are_kept_and_drawn(tmp_path):
    from rollwrite.layoutlang.layout import load_layout

    trns = chunk(b"tRNS", b"\0\1\0\1\0\1")
    (tmp_path / "p.png").write_bytes(png(extra=chunk(b"tEXt", b"Comment\0hello") + trns))
    el, = load_layout(layout(tmp_path, image("p.png"))).sheet.elements
    data = el.value.data
    kinds = []
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        kinds.append(kind)
        pos += 12 + length
    assert kinds == [b"IHDR", b"tRNS", b"IDAT", b"IEND"]


@pytest.mark.parametrize("damage, message", [
    (lambda b: b[:-20] + bytes([b[-20] ^ 0xFF]) + b[-19:], "this PNG file is damaged: the checksum of its 'IDAT' chunk is wrong"),
    (lambda b: b[:-30], "this PNG file ends in the middle of a chunk"),
    (lambda b: b[:-12], "this PNG file ends before its picture does"),
    (lambda b: b[:33] + chunk(b"IDAT", zlib.compress(b"\0" * 5)) + chunk(b"IEND", b""),
     "this PNG file's picture cannot be decoded (its image data is damaged or cut short)"),
    (lambda b: b[:33] + chunk(b"ABCD", b"x") + b[33:], "this PNG file has a chunk 'ABCD' that no PNG reader knows"),
])
def test_a_damaged_png_is_named_by_check_layout_and_print_alike(cli, tmp_path, damage, message):
    (tmp_path / "bad.png").write_bytes(damage(png()))
    layout(tmp_path, image("bad.png"))
    for result in both(cli, tmp_path):
        assert result.exit_code == 2
        assert f"p.yaml:6:39: sheet.elements[0].file: {message}" in result.output
    assert not (tmp_path / "p.pdf").exists()


SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{}</svg>'


@pytest.mark.parametrize("body, message", [
    ('<path d="M0 0 L1e308 1e308"/>', "this SVG writes the number 1e308; its numbers may be at most 1,000,000"),
    ('<rect width="5" height="5" style="stroke-width: 9e99"/>', "this SVG writes the number 9e99"),
    ('<path d="M0 0 L5 5">', "this SVG file is not well-formed XML (line 1, column 86: mismatched tag)"),
    ('<g id="a"><use href="#a"/></g>', "this SVG has a <use> that copies itself"),
])
def test_a_hostile_or_broken_svg_is_named_by_check_layout_and_print_alike(cli, tmp_path, body, message):
    (tmp_path / "bad.svg").write_text(SVG.format(body))
    layout(tmp_path, image("bad.svg"))
    for result in both(cli, tmp_path):
        assert result.exit_code == 2, result.output
        assert message in result.output


def test_nested_uses_are_counted_as_the_copies_they_make_and_refused_past_the_limit(cli, tmp_path):
    body = '<defs><path id="a0" d="M0 0 l1 1"/>'
    for i in range(1, 5):  # 10 ** 4 copies of one path from some 50 tags
        body += f'<g id="a{i}">' + f'<use href="#a{i - 1}"/>' * 10 + "</g>"
    (tmp_path / "use.svg").write_text(SVG.format(body + '</defs><use href="#a4"/>'))
    layout(tmp_path, image("use.svg"))
    for result in both(cli, tmp_path):
        assert result.exit_code == 2
        assert f"this SVG draws more than {images.MAX_SVG_DRAWN:,} shapes, each <use> copy counted" in result.output
        assert "skipping" not in result.output  # svglib's own line never reaches the user


def test_an_svg_s_shapes_count_against_the_sheet_s_drawn_items(cli, tmp_path):
    paths = "".join(f'<path d="M{i % 10} {i // 10} l1 1"/>' for i in range(1500))
    (tmp_path / "many.svg").write_text(SVG.format(paths))
    layout(tmp_path, image("many.svg", ", overlaps: true, repeat: {count: 20, step: [0, 0]}"))
    result = cli("check-layout", str(tmp_path / "p.yaml"))
    assert result.exit_code == 2
    assert "by this element the sheet draws more than 20,000 lines, shapes, texts and points of paths" in result.output


def test_a_picture_named_by_many_copies_is_read_once_and_embedded_once(cli, tmp_path, monkeypatch):
    (tmp_path / "p.png").write_bytes(png(30, 30))
    (tmp_path / "p.svg").write_text(SVG.format('<rect width="5" height="5"/>'))
    layout(tmp_path, image("p.png", ", overlaps: true, repeat: {count: 300, step: [0, 0]}"),
           image("p.svg", ", overlaps: true, repeat: {count: 300, step: [0, 0]}"))
    reads = []
    real = images.layout_file
    monkeypatch.setattr(images, "layout_file", lambda *a: reads.append(a[0].value) or real(*a))
    assert cli("print", str(tmp_path / "p.yaml"), "-o", str(tmp_path / "p.pdf")).exit_code == 0
    assert sorted(reads) == ["p.png", "p.svg"]
    pdf = PdfReader(tmp_path / "p.pdf")
    forms = pdf.pages[0]["/Resources"]["/XObject"]
    assert len(forms) == 2
    content = pdf.pages[0].get_contents().get_data()
    assert len(re.findall(rb"/FormXob.picture1 Do", content)) == 300
    assert len(re.findall(rb"/FormXob.picture2 Do", content)) == 300
    assert cli("print", str(tmp_path / "p.yaml"), "-f", "svg", "-o", str(tmp_path / "p.svg.out.svg")).exit_code == 0
    svg = (tmp_path / "p.svg.out.svg").read_text()
    assert svg.count("data:image/png;base64") == 1 and svg.count("data:image/svg+xml;base64") == 1
    assert svg.count('xlink:href="#picture1"') == 300


def test_nul_characters_and_circles_of_links_in_a_file_name_are_messages(cli, tmp_path):
    (tmp_path / "self.png").symlink_to("self.png")
    (tmp_path / "self.yaml").symlink_to("self.yaml")
    cases = [
        ([image('"a\\0b.png"')], "", "sheet.elements[0].file: 'a\\x00b.png': a file name cannot hold a NUL character"),
        (["{type: text, at: [5, 5], text: x, font: f}"], 'fonts: {f: "a\\0b.ttf"}\n',
         "fonts.f: 'a\\x00b.ttf': a file name cannot hold a NUL character"),
        (["{type: icon, at: [5, 5], name: star}"], 'icons: "a\\0b.yaml"\n', "a file name cannot hold a NUL character"),
        ([image("self.png")], "", "sheet.elements[0].file: 'self.png' is a link that leads round in a circle"),
        (["{type: text, at: [5, 5], text: x}"], "extends: self.yaml\n",
         "extends: 'self.yaml' is a link that leads round in a circle"),
    ]
    for elements, extra, message in cases:
        layout(tmp_path, *elements, extra=extra)
        result = cli("check-layout", str(tmp_path / "p.yaml"))
        assert result.exit_code == 2, result.output
        assert message in result.output


def _damaged_font(tmp_path: Path) -> Path:
    data = bytearray((Path(__file__).resolve().parents[2] / "docs" / "pictures" / "serif.ttf").read_bytes())
    for i in range(struct.unpack(">H", data[4:6])[0]):
        entry = 12 + 16 * i
        if data[entry:entry + 4] == b"glyf":
            offset, length = struct.unpack(">II", data[entry + 8:entry + 16])
            data[offset:offset + length] = b"\xff" * length
    path = tmp_path / "bad.ttf"
    path.write_bytes(bytes(data))
    return path


def test_a_font_with_damaged_glyphs_is_named_before_anything_is_printed(cli, tmp_path):
    _damaged_font(tmp_path)
    layout(tmp_path, "{type: text, at: [5, 5], text: Hello, font: bad}", extra="fonts: {bad: bad.ttf}\n")
    for result in both(cli, tmp_path):
        assert result.exit_code == 2, result.output
        assert "p.yaml:3:14: fonts.bad: this font file cannot be embedded: its glyphs are damaged (IndexError)" in result.output
    assert not (tmp_path / "p.pdf").exists()


def test_a_hex_map_is_measured_once_not_once_a_hex(tmp_path, monkeypatch):
    from rollwrite.layoutlang.layout import check_geometry, load_layout

    calls = []
    real = hexes._unit_extent
    monkeypatch.setattr(hexes, "_unit_extent", lambda *a: calls.append(1) or real(*a))
    lay = load_layout(layout(tmp_path, "{id: map, type: hexgrid, at: [0, 0], rows: 50, cols: 50, fit: [100, 60]}",
                             "{type: box, size: [1, 1], in: {id: map, cell: [25, 25]}}"))
    check_geometry(lay)
    assert len(calls) == 1


def test_a_long_value_is_quoted_at_most_40_characters(cli, tmp_path):
    layout(tmp_path, "{type: box, at: [0, 0], size: [10, 10], fill: \"" + "x" * 100_000 + "\"}")
    result = cli("check-layout", str(tmp_path / "p.yaml"))
    assert result.exit_code == 2
    assert "'" + "x" * 40 + "…' is not a colour" in result.output
    assert len(result.output) < 400


def test_a_temporary_file_removed_by_another_run_before_it_was_locked_is_made_again(tmp_path, monkeypatch):
    import tempfile

    from rollwrite import output

    made = []
    real = tempfile.mkstemp

    def mkstemp(**kw):  # another run's clean-up takes the first one in the moment before it is locked
        fd, name = real(**kw)
        made.append(name)
        if len(made) == 1:
            os.unlink(name)
        return fd, name

    monkeypatch.setattr(output.tempfile, "mkstemp", mkstemp)
    output.write_all([(tmp_path / "a.pdf", b"%PDF-1.4 " + output.SEAL_SLOT.encode() + b"\n")])
    assert len(made) == 2 and (tmp_path / "a.pdf").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["a.pdf"]


@pytest.mark.parametrize("text, message", [
    ("{999999999999999999999999999999.5}", "the number 999999999999999999999999999999.5 is larger than 1,000,000,000,000"),
    ("{١٢ + ３}", "'١' is not one of the digits 0-9"),
    ("{３}", "'３' is not one of the digits 0-9"),
    ("{" + "(" * 25 + "1" + ")" * 25 + "}", "the expression nests more than 24 deep"),
    ("{" + "min(" * 25 + "1" + ")" * 25 + "}", "the expression nests more than 24 deep"),
])
def test_numbers_digits_and_depth_in_expressions_are_bounded_as_the_docs_say(cli, tmp_path, text, message):
    layout(tmp_path, f'{{type: text, at: [10, 10], text: "{text}"}}')
    result = cli("check-layout", str(tmp_path / "p.yaml"))
    assert result.exit_code == 2
    assert message in result.output


def test_exactly_24_brackets_deep_is_allowed(cli, tmp_path):
    layout(tmp_path, '{type: text, at: [10, 10], text: "{' + "(" * 24 + "7" + ")" * 24 + '}"}',
           '{type: text, at: [10, 30], text: "{' + "[" * 12 + "7" + "]" * 12 + "[0]" * 12 + '}"}')
    result = cli("check-layout", str(tmp_path / "p.yaml"))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("value", [".nan", ".inf", "-.Inf"])
def test_a_number_that_is_not_finite_is_refused_wherever_it_is_written(cli, tmp_path, value):
    layout(tmp_path, f"{{type: text, at: [10, 10], text: {value}}}", extra=f"vars: {{a: {value}}}\n")
    result = cli("check-layout", str(tmp_path / "p.yaml"))
    assert result.exit_code == 2
    assert f"p.yaml:3:11: vars.a: '{value}' is not a number a layout can use" in result.output
    assert f"hint: write a number, or quote it ('{value}') for text" in result.output
