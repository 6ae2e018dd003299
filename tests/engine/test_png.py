"""PNG previews: every built-in game renders to PNG pages of the right pixel size that are not blank;
formats and file names that disagree are refused; pypdfium2 loads only for PNG."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from PIL import Image

from rollwrite import games
from rollwrite.layoutlang.layout import load_builtin


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _dark_fraction(img: Image.Image) -> float:
    grey = img.convert("L")
    hist = grey.histogram()
    return sum(hist[:128]) / (grey.width * grey.height)


@pytest.mark.parametrize("slug", games.known())
def test_every_builtin_game_previews_as_png(cli, in_tmp, slug):
    seed = ["--seed", "preview"] if load_builtin(slug).dice is not None else []
    r = cli("print", slug, "-o", f"{slug}.png", "--dpi", "50", *seed)
    assert r.exit_code == 0, r.stderr
    files = sorted(in_tmp.glob(f"{slug}*.png"))
    assert files and r.stdout.count("wrote ") == len(files)
    layout = load_builtin(slug)
    for f in files:
        img = Image.open(io.BytesIO(f.read_bytes()))
        assert img.format == "PNG"
        w_mm, h_mm = layout.page.size(orientation=None)
        expect = sorted((round(w_mm / 25.4 * 50), round(h_mm / 25.4 * 50)))
        assert sorted(img.size) == pytest.approx(expect, abs=1)
        dark = _dark_fraction(img)
        assert 0.002 < dark < 0.5, f"{f.name}: {dark:.4f} of the page is ink"  # a sheet, not a blank or black page


def test_png_pages_are_numbered_like_svg_and_dpi_sets_the_size(cli, in_tmp):
    r = cli("print", "long-way", "-n", "2", "--format", "png", "--dpi", "30", "-o", "lw")
    assert r.exit_code == 0, r.stderr
    assert r.stdout.splitlines() == ["wrote lw-1.png (1 page)", "wrote lw-2.png (1 page)"]
    img = Image.open(in_tmp / "lw-1.png")
    assert img.size == pytest.approx((210 / 25.4 * 30, 297 / 25.4 * 30), abs=1)
    assert img.info["dpi"] == pytest.approx((30, 30), abs=0.01)
    r = cli("print", "long-way", "-o", "one.png")
    assert r.stdout.strip() == "wrote one.png (1 page)"
    assert Image.open(in_tmp / "one.png").size == pytest.approx((210 / 25.4 * 150, 297 / 25.4 * 150), abs=1)


def test_same_png_twice(cli, in_tmp):
    cli("print", "wobbly-cafe", "-o", "a.png", "--dpi", "40")
    cli("print", "wobbly-cafe", "-o", "b.png", "--dpi", "40")
    assert (in_tmp / "a.png").read_bytes() == (in_tmp / "b.png").read_bytes()


@pytest.mark.parametrize(
    "args, message",
    [
        (["-o", "x.pdf", "--format", "svg"], "rollwrite: --format svg does not match the output file 'x.pdf'"),
        (["-o", "x.png", "--format", "pdf"], "rollwrite: --format pdf does not match the output file 'x.png'"),
        (["-o", "x.jpg"], "rollwrite: cannot write .jpg files: 'x.jpg'\n  hint: name the file .pdf, .svg or .png"),
        (["-o", "x.jpg", "--format", "png"], "rollwrite: --format png does not match the output file 'x.jpg'"),
        (["--format", "gif"], "rollwrite: unknown format 'gif'\n  hint: choose one of: pdf, svg, png"),
        (["--dpi", "100"], "rollwrite: --dpi applies to PNG output only, not PDF"),
        (["-o", "x.svg", "--dpi", "100"], "rollwrite: --dpi applies to PNG output only, not SVG"),
        (["-o", "x.png", "--dpi", "5"], "rollwrite: --dpi must be between 20 and 600, not 5"),
        (["-o", "x.png", "--dpi", "600", "--paper", "a3"], "rollwrite: a 297 x 420 mm page at 600 dpi is 70 megapixels; the most is 40\n  hint: give --dpi 454 or less"),
    ],
)
def test_mismatched_formats_are_refused(cli, in_tmp, args, message):
    r = cli("print", "long-way", *args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith(message), r.stderr
    assert not list(in_tmp.glob("x*"))


def test_pdfium_loads_only_for_png(in_tmp):
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from rollwrite.cli.app import app\n"
        "r = CliRunner()\n"
        "assert r.invoke(app, ['print', 'long-way', '-o', 'a.pdf']).exit_code == 0\n"
        "assert r.invoke(app, ['print', 'long-way', '-o', 'a.svg']).exit_code == 0\n"
        "print('pypdfium2' in sys.modules)\n"
        "assert r.invoke(app, ['print', 'long-way', '-o', 'a.png', '--dpi', '20']).exit_code == 0\n"
        "print('pypdfium2' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_a_page_drawn_in_bands_is_the_page_drawn_whole(monkeypatch):
    """PNG pages are drawn a band of rows at a time (memory stays small at any dpi); the bands join into
    the page PDFium draws whole, but for the antialiasing of a few pixels where bands meet."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    from rollwrite.core.printrun import print_scene
    from rollwrite.draw import pdf, png

    monkeypatch.setattr(png, "BAND", 37)  # many bands, and a short last one
    doc = pdfium.PdfDocument(pdf.render(print_scene("wobbly-cafe", seed="x")))
    page = doc[0]
    whole = page.render(scale=60 / 72, fill_color=(255, 255, 255, 255)).to_pil().convert("L")
    banded = Image.open(io.BytesIO(png._encode(page, 60)))
    assert banded.mode == "L" and banded.size == whole.size and banded.info["dpi"] == pytest.approx((60, 60), abs=0.02)
    diff = ImageChops.difference(whole, banded).histogram()
    assert sum(diff[1:]) < whole.width * whole.height / 1000 and sum(diff[64:]) == 0, [(i, n) for i, n in enumerate(diff) if n]
    page.close()
    doc.close()
