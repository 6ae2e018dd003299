"""Sheets that are cut: the safe area inside each trim, real bleed, crop marks on fronts and backs.

A property test over papers, per-page counts and bleeds checks the geometry of what is printed: crop
marks lie outside every trimmed piece and clear of the footer's ruler, each sheet's drawing stays in its
safe area, and the PDF says where to cut (TrimBox) and how far the ink may reach (BleedBox)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strength import examples
from pypdf import PdfReader

from rollwrite import games
from rollwrite.draw.metrics import text_width
from rollwrite.draw.scene import Line, Text, tight_ink
from rollwrite.errors import RollwriteError, UsageError
from rollwrite.output import FORMATS, render
from rollwrite.planner import plan_page
from rollwrite.sheet import build_scene, check_safe_area
from rollwrite.layoutlang.layout import PAPERS, load_builtin, load_layout
from rollwrite.layoutlang.page import with_options

MM = 72 / 25.4


@pytest.mark.parametrize("slug", games.known())
@pytest.mark.parametrize("cut", [{"crop_marks": True}, {"bleed": 3.0, "gutter": 6.0}], ids=["crop-marks", "bleed"])
def test_every_builtin_keeps_to_its_safe_area_when_cut(slug, cut):
    layout = load_builtin(slug)
    check_safe_area(layout, with_options(layout.page, **cut))


@pytest.mark.parametrize("example", sorted((Path(__file__).resolve().parents[1] / "examples" / "layouts").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_the_example_layouts_keep_to_their_safe_area_when_cut(example):
    layout = load_layout(example)
    check_safe_area(layout, with_options(layout.page, crop_marks=True))


def test_content_at_the_cut_is_refused(cli, tmp_path):
    path = tmp_path / "edge.yaml"
    path.write_text("game: edge\ntitle: Edge\npage: {crop_marks: true, padding: 0, full_bleed: true}\n"
                    "sheet:\n  size: [80, 50]\n  elements:\n    - {type: text, at: [1, 7], text: At the edge, size: 9}\n",
                    encoding="utf-8")
    r = cli("check-layout", str(path))
    assert r.exit_code != 0 and "past the 3 mm safe margin inside the cut" in r.stderr
    assert "edge.yaml:7:7" in r.stderr
    plain = cli("print", str(path), "--no-crop-marks", "-o", str(tmp_path / "e.pdf"))
    assert plain.exit_code == 0, plain.stderr  # not cut: nothing to keep clear of


def test_a_deck_bleeds_by_default_and_its_art_runs_into_the_bleed():
    layout = load_builtin("scrambled-streets")
    assert layout.page.bleed == 3.0 and layout.page.full_bleed and layout.page.crop_marks
    scene = build_scene(layout, sheets=2)
    front, back = scene.pages[0], scene.pages[1]
    assert front.bleed is not None and back.bleed is not None
    ink = tight_ink([it for it in scene.page_items(front) if not isinstance(it, Line)], text_width)
    tx0, ty0, tx1, ty1 = front.trim
    assert ink[0] < tx0 - 2.5 or ink[1] < ty0 - 2.5  # the streets run on past the cut
    assert any(isinstance(it, Line) and it.width == 0.2 for it in back.items)  # the backs have crop marks


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(paper=st.sampled_from(sorted(PAPERS)), per=st.sampled_from(["max", "1", "2", "3", "4", "2x2", "3x1"]),
       bleed=st.sampled_from([0.0, 1.0, 3.0]), slug=st.sampled_from(["wobbly-cafe", "scrambled-streets"]),
       backs=st.booleans())
def test_crop_marks_and_bleed_geometry(paper, per, bleed, slug, backs):
    layout = load_builtin(slug)
    try:
        spec = with_options(layout.page, paper=paper, per_page=per, crop_marks=True, bleed=bleed,
                            gutter=max(6.0, 2 * bleed), backs=backs)
        plan = plan_page(spec, layout.sheet.width, layout.sheet.height)
    except UsageError:
        return
    n = min(plan.per_page, 9)
    try:
        scene = build_scene(layout, sheets=n, page=spec)
    except RollwriteError:
        return
    for k, page in enumerate(scene.pages[: 2 if backs else 1]):
        assert page.trim is not None and page.bleed is not None
        marks = [it for it in page.items if isinstance(it, Line) and it.width == 0.2 and it.color == "#000000"]
        assert marks
        slots = list(plan.slots) if k == 0 else [plan.back_slot(i) for i in range(len(plan.slots))]
        footer = [it for it in scene.page_items(page) if isinstance(it, Text)
                  and (it.y > page.height - spec.margin - 8 or it.y < spec.margin + 8)]
        for m in marks:
            lo_x, hi_x, lo_y, hi_y = min(m.x1, m.x2), max(m.x1, m.x2), min(m.y1, m.y2), max(m.y1, m.y2)
            # inside what a desktop printer prints (5 mm from each edge) ...
            assert 5 <= lo_x and hi_x <= page.width - 5 and 5 <= lo_y and hi_y <= page.height - 5, m
            # ... outside every sheet's bleed, or on sheets without one outside the sheet itself (a cut
            # shared through the blank borders of two sheets is marked along its length) ...
            for s in slots:
                b = s.bleed if spec.bleed > 0 else (s.x, s.y, s.x + plan.sheet_w, s.y + plan.sheet_h)
                assert hi_x <= b[0] or lo_x >= b[2] or hi_y <= b[1] or lo_y >= b[3], (m, s)
            # ... and clear of the footer's words
            for t in footer:
                w = text_width(t.text, t.size, t.font)
                x0 = {"start": t.x, "middle": t.x - w / 2, "end": t.x - w}[t.anchor]
                crosses = lo_x < x0 + w and hi_x > x0 and lo_y < t.y and hi_y > t.y - t.size * 0.3528
                assert not crosses, (m, t)
    for s in plan.slots:  # each sheet's drawing (its own box) keeps the safe margin inside its trim
        x0, y0 = s.x, s.y
        x1, y1 = x0 + plan.sheet_w, y0 + plan.sheet_h
        if not spec.full_bleed:
            assert min(x0 - s.trim[0], y0 - s.trim[1], s.trim[2] - x1, s.trim[3] - y1) >= spec.safe - 1e-6
        assert s.bleed == pytest.approx((s.trim[0] - bleed, s.trim[1] - bleed, s.trim[2] + bleed, s.trim[3] + bleed))
    # the PDF's boxes: where to cut and how far the ink may reach, on fronts and backs
    pdf = PdfReader(io.BytesIO(render(scene, FORMATS["pdf"])[0]))
    for page, drawn in zip(pdf.pages, scene.pages):
        if drawn.trim is None:  # a page of rules: not cut
            assert "/TrimBox" not in page
            continue
        h = drawn.height
        for name, box in (("/TrimBox", drawn.trim), ("/BleedBox", drawn.bleed)):
            got = [float(v) for v in page[name]]
            want = [box[0] * MM, (h - box[3]) * MM, box[2] * MM, (h - box[1]) * MM]
            assert got == pytest.approx(want, abs=0.01), name


MARK_RUNS = [{}, {"crop_marks": True}, {"crop_marks": False}, {"per_page": "max"}]


@pytest.mark.parametrize("run", MARK_RUNS, ids=["default", "crop-marks", "no-crop-marks", "max"])
@pytest.mark.parametrize("slug", games.known())
def test_marks_and_cut_lines_are_where_a_desktop_printer_prints(slug, run):
    """On every game: crop marks and dashed cut lines keep 5 mm from the paper's edge (a desktop printer
    leaves 3 to 5 mm unprinted); sheets that share a page have a cut line or marks between them; without
    crop marks, the cut lines of cut sheets (a bleed) run on the trims, so a card cut on them is its
    trimmed size; on cut sheets every cut (each trim's every edge) has a mark or a line there."""
    from rollwrite.core.printrun import print_scene

    layout = load_builtin(slug)
    try:
        scene = print_scene(slug, page=dict(run))
    except UsageError:
        return
    spec = with_options(layout.page, **run)
    plan = plan_page(spec, layout.sheet.width, layout.sheet.height)
    cut_pages = [p for p in scene.pages if (p.width, p.height) == (plan.width, plan.height)]
    for page in cut_pages:
        lines = [it for it in page.items if isinstance(it, Line)
                 and ((it.width == 0.2 and it.color == "#000000") or it.dash is not None)]
        for m in lines:
            assert 5 - 1e-6 <= min(m.x1, m.x2) and max(m.x1, m.x2) <= page.width - 5 + 1e-6, m
            assert 5 - 1e-6 <= min(m.y1, m.y2) and max(m.y1, m.y2) <= page.height - 5 + 1e-6, m
        if spec.bleed > 0 and not spec.crop_marks:
            xs = {round(v, 4) for s in plan.slots for v in (s.trim[0], s.trim[2])}
            ys = {round(v, 4) for s in plan.slots for v in (s.trim[1], s.trim[3])}
            xs |= {round(plan.width - v, 4) for v in xs}  # (the backs', turned over)
            ys |= {round(plan.height - v, 4) for v in ys}
            assert lines
            for m in lines:
                assert (m.x1 == m.x2 and round(m.x1, 4) in xs) or (m.y1 == m.y2 and round(m.y1, 4) in ys), m
    if spec.cut and cut_pages:  # every cut of the sheets on a page has a mark a desktop printer prints
        page = cut_pages[0]
        lines = [it for it in page.items if isinstance(it, Line)
                 and ((it.width == 0.2 and it.color == "#000000") or it.dash is not None)]
        for x in {round(v, 4) for s in plan.slots for v in (s.trim[0], s.trim[2])}:
            assert any(m.x1 == m.x2 and abs(m.x1 - x) < 1e-4 and abs(m.y2 - m.y1) >= 1 for m in lines), ("x", x)
        for y in {round(v, 4) for s in plan.slots for v in (s.trim[1], s.trim[3])}:
            assert any(m.y1 == m.y2 and abs(m.y1 - y) < 1e-4 and abs(m.x2 - m.x1) >= 1 for m in lines), ("y", y)
    if plan.cols > 1 and cut_pages:
        page = cut_pages[0]
        lines = [it for it in page.items if isinstance(it, Line)
                 and ((it.width == 0.2 and it.color == "#000000") or it.dash is not None)]
        for c in range(1, plan.cols):  # between each two columns of sheets: a line down the page
            lo, hi = plan.slots[c - 1].trim[2], plan.slots[c].trim[0]
            assert any(m.x1 == m.x2 and lo - 1e-6 <= m.x1 <= hi + 1e-6 for m in lines), (c, lo, hi)


# ---------------------------------------------------------------- print on demand

def _page_ops(page) -> set:  # noqa: ANN001 - the colour operators of a page's content and of its forms
    import re

    ops = set(re.findall(rb"\s(rg|RG|k|K|g|G|sc|SC|scn|SCN)\s", page.get_contents().get_data()))
    for form in (page["/Resources"].get("/XObject") or {}).values():
        ops |= set(re.findall(rb"\s(rg|RG|k|K|g|G|sc|SC|scn|SCN)\s", form.get_object().get_data()))
    return ops


def test_pod_deck_is_a_card_a_page_with_trim_and_bleed_boxes(cli, tmp_path):
    """--pod: each card face on a page of its own, the TrimBox a poker card (63.5 x 88.9 mm) in the middle
    of a page 3.175 mm (1/8 in) larger all round, which is the BleedBox; the art runs to the page's edge
    (the pixels along every edge of a back are its grey, and each front's streets reach the edge)."""
    import pypdfium2 as pdfium

    out = tmp_path / "deck.pdf"
    r = cli("print", "scrambled-streets", "--pod", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 96  # 48 fronts, each followed by its back; no rules page
    mm = 72 / 25.4
    for page in reader.pages:
        media = [float(v) / mm for v in page.mediabox]
        trim = [float(v) / mm for v in page.trimbox]
        bleed = [float(v) / mm for v in page.bleedbox]
        assert media == pytest.approx([0, 0, 63.5 + 2 * 3.175, 88.9 + 2 * 3.175], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)
        assert trim == pytest.approx([3.175, 3.175, 3.175 + 63.5, 3.175 + 88.9], abs=0.01)
        assert "small print" not in page.extract_text() and "page 1 of" not in page.extract_text()
    pdf = pdfium.PdfDocument(str(out))
    try:
        back = pdf[1].render(scale=2).to_pil().convert("L")
        w, h = back.size
        edge = [back.getpixel((x, y)) for x in range(w) for y in (0, h - 1)] + \
               [back.getpixel((x, y)) for y in range(h) for x in (0, w - 1)]
        assert max(edge) < 250 and min(edge) > 200  # the back's grey, to the page's very edge
        fronts_reaching = 0
        for i in range(0, 96, 2):
            face = pdf[i].render(scale=1).to_pil().convert("L")
            w, h = face.size
            edge = [face.getpixel((x, y)) for x in range(w) for y in (0, h - 1)] + \
                   [face.getpixel((x, y)) for y in range(h) for x in (0, w - 1)]
            fronts_reaching += min(edge) < 128  # a street's dark ink on the page's edge
        assert fronts_reaching >= 40
    finally:
        pdf.close()
    ops = _page_ops(reader.pages[0])
    assert b"rg" in ops or b"RG" in ops  # RGB unless asked


def test_pod_in_cmyk_draws_every_colour_in_cmyk(cli, tmp_path):
    out = tmp_path / "deck.pdf"
    r = cli("print", "scrambled-streets", "--pod", "--cmyk", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    for page in reader.pages[:4]:
        ops = _page_ops(page)
        assert ops and ops <= {b"k", b"K"}, ops
    # the backs' grey (#e6e6e6) in the black ink alone
    back = reader.pages[1].get_contents().get_data() + b"".join(
        f.get_object().get_data() for f in (reader.pages[1]["/Resources"].get("/XObject") or {}).values())
    assert b"0 0 0 .098 k" in back


@pytest.mark.parametrize("args,message", [
    (["long-way", "--pod"], "--pod prints a deck of cards; long-way is not one"),
    (["scrambled-streets", "--pod", "--paper", "a3"], "--pod sets the page itself: leave out --paper"),
    (["scrambled-streets", "--pod", "--crop-marks"], "--pod sets the page itself: leave out --crop-marks"),
    (["scrambled-streets", "--cmyk", "-f", "svg"], "--cmyk applies to PDF output only, not SVG"),
    (["scrambled-streets", "--duplex", "sideways"], "--duplex must be long or short, not 'sideways'"),
])
def test_pod_and_cmyk_refuse_what_they_cannot_do(cli, tmp_path, args, message):
    r = cli("print", *args, "-o", str(tmp_path / ("x.svg" if "svg" in args else "x.pdf")))
    assert r.exit_code == 2 and message in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("page", [{}, {"large_print": True, "paper": "a3"}, {"scale": 1.2, "paper": "a3"}],
                         ids=["a4", "large-print", "1.2"])
def test_the_art_bleeds_as_far_as_the_bleed_box_at_every_scale(page):
    """The deck's art runs past each card's trim exactly as far as the page's bleed (its BleedBox and the
    marks' clearance), at any scale: a large-print card bleeds 3 mm, not 3 mm times 1.41."""
    from rollwrite.core.printrun import print_scene

    layout = load_builtin("scrambled-streets")
    scene = print_scene("scrambled-streets", page=dict(page))
    spec = with_options(layout.page, **page)
    plan = plan_page(spec, layout.sheet.width, layout.sheet.height)
    from rollwrite.draw.scene import Curve

    front = scene.pages[0]
    bx0, by0, bx1, by1 = front.bleed
    assert (bx0, by0, bx1, by1) == pytest.approx(plan.bleed_box(list(plan.slots)))
    # where the streets' paths begin and end: at a card's edge they run on to the bleed's edge, no further
    points = [p for it in scene.page_items(front) if isinstance(it, Curve)
              for p in [it.start] + [piece[-1] for piece in it.pieces]]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    assert min(xs) == pytest.approx(bx0, abs=0.01) and max(xs) == pytest.approx(bx1, abs=0.01)
    assert min(ys) == pytest.approx(by0, abs=0.01) and max(ys) <= by1 + 0.01


def test_a_pod_deck_has_a_name_of_its_own(cli, tmp_path, monkeypatch):
    """Printed without -o, the print-on-demand deck never takes the name of the deck printed for home."""
    monkeypatch.chdir(tmp_path)
    r = cli("print", "scrambled-streets", "--pod", "-q")
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["scrambled-streets-pod.pdf"]
