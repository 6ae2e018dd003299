"""The page planner: paper names and sizes, n-up, scale, crop marks, bleed, trim boxes and backs."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from rollwrite.draw.scene import Rect, Text
from rollwrite.errors import UsageError
from rollwrite.output import FORMATS, render
from rollwrite.planner import FOOTER_CLEAR, MARK_CLEAR, plan_page
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.layout import load_builtin, parse_layout
from rollwrite.layoutlang.page import PAPERS, PageSpec, PerPage, paper_size, parse_per_page, with_options

MM = 72 / 25.4


@pytest.mark.parametrize(
    "text, name, w, h",
    [
        ("a4", "a4", 210, 297),
        ("A3", "a3", 297, 420),
        ("a5", "a5", 148, 210),
        ("letter", "letter", 215.9, 279.4),
        ("legal", "legal", 215.9, 355.6),
        ("tabloid", "tabloid", 279.4, 431.8),
        ("100x150mm", "100x150mm", 100, 150),
        ("100x150", "100x150mm", 100, 150),
        ("10x15cm", "100x150mm", 100, 150),
        ("4x6in", "101.6x152.4mm", 101.6, 152.4),
        ("8.5in x 14in", "215.9x355.6mm", 215.9, 355.6),
        ("150×100 mm", "150x100mm", 150, 100),
    ],
)
def test_paper_names_and_custom_sizes(text, name, w, h):
    got = paper_size(text)
    assert got[0] == name and got[1] == pytest.approx(w) and got[2] == pytest.approx(h)


@pytest.mark.parametrize(
    "text, message",
    [
        ("a6", "unknown paper 'a6'"),
        ("lettre", "unknown paper 'lettre'"),
        ("100x", "unknown paper '100x'"),
        ("10x150mm", "paper '10x150mm' is 10 x 150 mm; each side must be 30 to 1200 mm"),
        ("100x150ft", "unknown paper '100x150ft'"),
    ],
)
def test_bad_papers_are_refused_never_replaced(text, message):
    with pytest.raises(UsageError) as info:
        paper_size(text)
    assert info.value.message == message
    assert "a3, a4, a5, letter, legal, tabloid" in (info.value.hint or "") or "unit" in (info.value.hint or "")


def test_did_you_mean_for_a_near_paper_name():
    with pytest.raises(UsageError) as info:
        paper_size("leter")
    assert info.value.hint.startswith("did you mean 'letter'?")


def test_per_page_forms():
    assert parse_per_page("4") == PerPage(4)
    assert parse_per_page("2x3") == PerPage(6, 2, 3)
    assert parse_per_page("max") == PerPage(0)
    for bad in ("0", "2x0", "lots", "-1", "101"):
        with pytest.raises(UsageError):
            parse_per_page(bad)


def _cafe():
    return load_builtin("wobbly-cafe")


def test_three_cafe_sheets_side_by_side_on_a4_landscape():
    layout = _cafe()
    plan = plan_page(layout.page, layout.sheet.width, layout.sheet.height)
    assert (plan.orientation, plan.cols, plan.rows, plan.per_page) == ("landscape", 3, 1, 3)
    xs = [s.x for s in plan.slots]
    assert xs[1] - xs[0] == pytest.approx(85 + 6)  # the gutter between trimmed edges
    # the block is centred on the page
    assert plan.slots[0].trim[0] == pytest.approx(297 - plan.slots[-1].trim[2])


def test_per_page_that_does_not_fit_says_what_would():
    layout = _cafe()
    spec = with_options(layout.page, per_page="4")
    with pytest.raises(UsageError) as info:
        plan_page(spec, 85, 190)
    assert info.value.message == "4 per page does not fit: one a4 page holds at most 3 sheets of 85 x 190 mm (3x1, landscape)"
    assert info.value.hint.startswith("put 3 or fewer on a page; it fits on a3, tabloid paper")


def test_cards_as_many_as_fit_butting_edges():
    spec = PageSpec(per_page=PerPage(0), gutter=0, crop_marks=True)
    plan = plan_page(spec, 63, 88)
    assert (plan.orientation, plan.cols, plan.rows) == ("portrait", 3, 3)
    assert plan.slots[1].trim[0] == pytest.approx(plan.slots[0].trim[2])  # one cut between neighbours


def test_count_picks_the_squarest_grid_that_fits():
    plan = plan_page(PageSpec(per_page=PerPage(4), gutter=4), 63, 88)
    assert (plan.cols, plan.rows) == (2, 2)
    plan = plan_page(PageSpec(per_page=PerPage(2)), 120, 120)
    assert (plan.cols, plan.rows) == (1, 2)


def test_large_print_turns_the_cafe_page_and_puts_one_on_it():
    spec = with_options(_cafe().page, large_print=True)
    plan = plan_page(spec, 85, 190)
    assert (plan.orientation, plan.per_page, plan.scale) == ("portrait", 1, 1.41)
    assert plan.sheet_w == pytest.approx(85 * 1.41)


def test_a_forced_orientation_is_kept_and_refused_when_it_cannot_be():
    spec = with_options(_cafe().page, large_print=True, landscape=True)
    with pytest.raises(UsageError) as info:
        plan_page(spec, 85, 190)
    assert "does not fit on a4 landscape paper" in info.value.message
    assert "it fits a4 portrait" in info.value.hint


def test_large_print_long_way_needs_bigger_paper():
    layout = load_builtin("long-way")
    with pytest.raises(UsageError) as info:
        plan_page(with_options(layout.page, large_print=True), 190, 250)
    assert info.value.message.startswith("a 267.9 x 352.5 mm sheet (scale 1.41) does not fit on a4 paper")
    assert "it fits on a3 paper" in info.value.hint
    assert "on a4 it fits up to scale 1;" in info.value.hint
    assert plan_page(with_options(layout.page, large_print=True, paper="a3"), 190, 250).per_page == 1


def test_bleed_needs_room():
    with pytest.raises(UsageError, match="needs a gutter of at least 6 mm"):
        with_options(PageSpec(per_page=PerPage(0)), bleed=3, gutter=2)
    with pytest.raises(UsageError, match="needs a margin of at least 8 mm"):
        with_options(PageSpec(), bleed=8, margin=5)


def _overlaps(seg, box) -> bool:
    x1, y1, x2, y2 = seg
    bx0, by0, bx1, by1 = box
    return max(x1, x2) > bx0 and min(x1, x2) < bx1 and max(y1, y2) > by0 and min(y1, y2) < by1


@settings(max_examples=60, deadline=None)
@given(
    w=st.floats(20, 150), h=st.floats(20, 150), gutter=st.sampled_from([0.0, 2.0, 5.0, 8.0]),
    bleed=st.sampled_from([0.0, 1.0, 2.0]), margin=st.floats(6, 15), paper=st.sampled_from(sorted(PAPERS)),
    per=st.sampled_from(["max", "1", "2", "3", "2x2"]),
)
def test_crop_marks_lie_on_cut_lines_clear_of_every_sheet_and_reach_the_paper_edge(w, h, gutter, bleed, margin, paper, per):
    spec = PageSpec(paper=paper, margin=margin, per_page=parse_per_page(per), gutter=max(gutter, 2 * bleed),
                    bleed=bleed, crop_marks=True)
    try:
        plan = plan_page(spec, w, h)
    except UsageError:
        return
    marks = plan.crop_marks()
    xs = {round(v, 4) for s in plan.slots for v in (s.trim[0], s.trim[2])}
    ys = {round(v, 4) for s in plan.slots for v in (s.trim[1], s.trim[3])}
    edge = 5.0  # what a desktop printer may leave unprinted at each edge of the paper
    for seg in marks:
        x1, y1, x2, y2 = seg
        assert edge <= min(x1, x2) and max(x1, x2) <= plan.width - edge, seg
        assert edge <= min(y1, y2) and max(y1, y2) <= plan.height - edge, seg
        assert (x1 == x2 and round(x1, 4) in xs) or (y1 == y2 and round(y1, 4) in ys), seg
        for s in plan.slots:  # never over a sheet or its bleed, with room to spare
            b = s.bleed if bleed > 0 else (s.x, s.y, s.x + plan.sheet_w, s.y + plan.sheet_h)
            assert not _overlaps(seg, (b[0] - MARK_CLEAR + 1e-6, b[1] - MARK_CLEAR + 1e-6,
                                       b[2] + MARK_CLEAR - 1e-6, b[3] + MARK_CLEAR - 1e-6)), (seg, s)
        assert not _overlaps(seg, plan.footer_box())
    # every cut line has a mark running out to the printed edge where the margin leaves a mark room (the
    # planner moves the sheets down for the marks above them when the page has room)
    top = min(s.bleed[1] for s in plan.slots) - MARK_CLEAR
    left = min(s.bleed[0] for s in plan.slots) - MARK_CLEAR
    for x in xs:
        if top - edge >= 1.0 and edge < x < plan.width - edge:
            assert any(s[0] == s[2] == x and min(s[1], s[3]) == edge for s in marks), x
    foot = plan.footer_box()[1] - FOOTER_CLEAR  # (a mark never runs at the footer)
    for y in ys:
        if left - edge >= 1.0 and edge < y < foot:
            assert any(s[1] == s[3] == y and min(s[0], s[2]) == edge for s in marks), y
            assert any(s[1] == s[3] == y and max(s[0], s[2]) == plan.width - edge for s in marks), y


CARDS = """\
game: my-cards
title: My Cards
page: {per_page: max, gutter: 4, bleed: 2, full_bleed: true, crop_marks: true}
sheet:
  size: [63, 88]
  elements:
    - {type: box, at: [-2, -2], size: [67, 92], fill: "#eeeeee", line: 0.05}
    - {type: text, at: [5, 10], text: Front, size: 12}
  back:
    - {type: text, at: [5, 10], text: Back, size: 12}
"""


def test_a_card_layout_prints_backs_mirrored_on_the_following_page():
    layout = parse_layout(CARDS, "cards.yaml")
    plan = plan_page(layout.page, 63, 88)
    # as many as fit: four across and two down on A4 turned (two by two upright)
    assert (plan.orientation, plan.cols, plan.rows) == ("landscape", 4, 2)
    scene = build_scene(layout, sheets=11)
    assert len(scene.pages) == 4  # front, back, front, back
    front, back = scene.pages[0], scene.pages[1]

    def words(page, word):
        return [t for t in page.items if isinstance(t, Text) and t.text == word]

    fronts, backs = words(front, "Front"), words(back, "Back")
    assert len(fronts) == len(backs) == 8
    for f, b in zip(fronts, backs):  # the back of each card sits behind it when the page is turned over
        assert b.x == f.x  # a landscape page flipped on its long edge (the default) turns top to bottom
        assert (b.y - 10) + 88 == pytest.approx(210 - (f.y - 10))
    last_front = words(scene.pages[2], "Front")
    last_back = words(scene.pages[3], "Back")
    assert len(last_front) == len(last_back) == 3
    # a part-full page mirrors too: the backs of the first row sit in the bottom row
    assert last_back[0].y == max(b.y for b in last_back) and last_front[0].y == min(f.y for f in last_front)
    assert len(build_scene(layout, sheets=11, page=layout.page.replace(backs=False)).pages) == 2
    # bleed boxes reach past the trimmed edge
    fills = [r for r in front.items if isinstance(r, Rect) and r.fill == "#eeeeee"]
    assert fills[0].x == pytest.approx(plan.slots[0].trim[0] - 2)


def test_pdf_has_trim_and_bleed_boxes_when_the_page_is_meant_to_be_cut():
    layout = parse_layout(CARDS, "cards.yaml")
    data = render(build_scene(layout, sheets=8), FORMATS["pdf"])[0]
    page = PdfReader(io.BytesIO(data)).pages[0]
    plan = plan_page(layout.page, 63, 88)
    x0, y0, x1, y1 = plan.trim_box()
    h = plan.height
    trim = [float(v) for v in page.trimbox]
    assert trim == pytest.approx([x0 * MM, (h - y1) * MM, x1 * MM, (h - y0) * MM], abs=0.01)
    bleed = [float(v) for v in page.bleedbox]
    assert bleed == pytest.approx([(x0 - 2) * MM, (h - y1 - 2) * MM, (x1 + 2) * MM, (h - y0 + 2) * MM], abs=0.01)
    # an everyday sheet with no crop marks has no boxes beyond its paper
    plain = render(build_scene(load_builtin("long-way"), sheets=1), FORMATS["pdf"])[0]
    assert "/TrimBox" not in PdfReader(io.BytesIO(plain)).pages[0]


def test_scaled_sheet_draws_everything_bigger():
    layout = _cafe()
    normal = build_scene(layout, sheets=1)
    big = build_scene(layout, sheets=1, page=with_options(layout.page, scale=1.2))
    title = [t for t in normal.pages[0].items if isinstance(t, Text) and t.text == "Wobbly Café"][0]
    title_big = [t for t in big.pages[0].items if isinstance(t, Text) and t.text == "Wobbly Café"][0]
    assert title_big.size == pytest.approx(title.size * 1.2)
    ruler = [t for t in big.pages[0].items if isinstance(t, Text) and "50 mm" in t.text][0]
    assert ruler.size == 6.4  # the ruler stays true size, its text at the smallest size of a sheet


def _turned_over(box, width, height, edge):
    """Where a box on the back of a page lies on its front, the paper turned over by a duplex printer
    about its long or short edge (the oracle: from the paper's shape alone)."""
    x0, y0, x1, y1 = box
    about_vertical_axis = (width <= height) == (edge == "long")  # a portrait page's long edges are its sides
    if about_vertical_axis:
        return (width - x1, y0, width - x0, y1)
    return (x0, height - y1, x1, height - y0)


@pytest.mark.parametrize("edge", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "a4-portrait"])
def test_backs_register_when_a_duplex_printer_turns_the_page(edge, paper):
    """The backs page turned over as a duplex printer turns it (long edge by default, or short): every
    card's back lands on its front's box; the page of backs says how to print it."""
    layout = parse_layout(CARDS, "cards.yaml")
    spec = with_options(layout.page, duplex=edge, landscape=False if paper == "a4-portrait" else None)
    scene = build_scene(layout, sheets=11, page=spec)
    for front, back in ((scene.pages[0], scene.pages[1]), (scene.pages[2], scene.pages[3])):
        w, h = front.width, front.height
        boxes_front = [(t.x - 5, t.y - 10, t.x - 5 + 63, t.y - 10 + 88) for t in front.items
                       if isinstance(t, Text) and t.text == "Front"]
        boxes_back = [(t.x - 5, t.y - 10, t.x - 5 + 63, t.y - 10 + 88) for t in back.items
                      if isinstance(t, Text) and t.text == "Back"]
        assert len(boxes_front) == len(boxes_back) > 0
        for f, b in zip(boxes_front, boxes_back):
            assert _turned_over(b, w, h, edge) == pytest.approx(f)
        # the PDF's boxes of the back turn over onto the front's
        assert _turned_over(back.trim, w, h, edge) == pytest.approx(front.trim)
        caption = [t.text for t in back.items if isinstance(t, Text) and "backs of page" in t.text]
        assert caption and f"print double-sided, flip on {edge} edge" in caption[0]
