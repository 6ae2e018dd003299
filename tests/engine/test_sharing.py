"""Drawing once what every sheet shares: the scene, the PDF forms, the SVG definitions."""

from __future__ import annotations

import io
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from strength import examples

from rollwrite import games
from rollwrite.core.printrun import print_scene, run_print
from rollwrite.draw import scene as sc
from rollwrite.valueclass import Value, fields, replace
from rollwrite.sheet import build_scene
from rollwrite.layoutlang.layout import load_builtin

from oracles import measures


def _numbers(v):
    """The numbers in a value, nested tuples flattened; anything else as it is."""
    if isinstance(v, tuple):
        return [x for item in v for x in _numbers(item)]
    return [v]


def _close(a, b) -> bool:
    if type(a) is not type(b):
        return False
    for name in fields(a):
        x, y = _numbers(getattr(a, name)), _numbers(getattr(b, name))
        if len(x) != len(y):
            return False
        for p, q in zip(x, y):
            if isinstance(p, float) and isinstance(q, float):
                if not math.isclose(p, q, abs_tol=1e-9):
                    return False
            elif p != q:
                return False
    return True


@pytest.mark.parametrize("slug", games.known())
@pytest.mark.parametrize("scale", [1.0, 0.7])
def test_shared_scene_draws_exactly_what_the_unshared_one_draws(slug, scale):
    layout = load_builtin(slug)
    spec = layout.page.replace(scale=scale)
    flat = build_scene(layout, sheets=5, page=spec)
    shared = build_scene(layout, sheets=5, page=spec, share=True)
    assert shared.symbols  # something is shared
    expanded = shared.flat()
    for p, q in zip(flat.pages, expanded.pages):
        assert len(p.items) == len(q.items)
        assert all(_close(a, b) for a, b in zip(p.items, q.items))  # same items, same paint order


def test_a_run_of_dailies_shares_all_but_the_days_dice():
    scene = print_scene("long-way", daily="2027-01-01", days=3)
    assert len(scene.pages) == 3
    per_page = [p.items for p in scene.pages]
    uses = [[it.name for it in items if isinstance(it, sc.Use)] for items in per_page]
    assert uses[0] == uses[1] == uses[2] and uses[0]  # the same symbols on every day
    texts = [{it.text for it in items if isinstance(it, sc.Text)} for items in per_page]
    for day, t in zip(("2027-01-01", "2027-01-02", "2027-01-03"), texts):
        assert any(day in x for x in t)  # each day's own stamp, drawn on its own page
    drawn_per_page = max(len(items) for items in per_page)
    assert drawn_per_page * 3 < sum(len(s.items) for s in scene.symbols.values())


def test_an_element_whose_text_names_the_player_is_drawn_per_sheet(tmp_path):
    (tmp_path / "mine.yaml").write_text(
        "game: mine\ntitle: Mine\nsheet:\n  size: [90, 60]\n  elements:\n"
        "    - {type: text, at: [5, 10], text: 'Player {player} of {players}'}\n"
        "    - {type: box, at: [5, 20], size: [40, 20]}\n", encoding="utf-8")
    from rollwrite.layoutlang.layout import load_layout

    scene = build_scene(load_layout(tmp_path / "mine.yaml"), sheets=4, share=True)
    texts = [it.text for p in scene.pages for it in scene.page_items(p) if isinstance(it, sc.Text)]
    for n in range(1, 5):
        assert f"Player {n} of 4" in texts
    assert not any("{" in t for s in scene.symbols.values() for t in
                   [it.text for it in s.items if isinstance(it, sc.Text)])


def test_pdf_places_one_form_on_every_page_and_keeps_streams_binary(tmp_path):
    (path, pages), = run_print("long-way", players=4, output=tmp_path / "lw.pdf")
    data = path.read_bytes()
    assert b"ASCII85Decode" not in data
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages == 4
    names = []
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        forms = [n for n in xobjects if xobjects[n].get_object()["/Subtype"] == "/Form"]
        assert forms
        names.append(sorted(forms))
    assert names[0] == names[1] == names[2] == names[3]
    text = reader.pages[2].extract_text()
    assert "Tile chart" in text and "page 3 of 4" in text  # the form's text and the page's own


def test_each_extra_page_costs_little_and_output_is_byte_identical(tmp_path):
    one = run_print("long-way", players=1, output=tmp_path / "1.pdf")[0][0].stat().st_size
    eleven = run_print("long-way", players=11, output=tmp_path / "11.pdf")[0][0]
    again = run_print("long-way", players=11, output=tmp_path / "11b.pdf")[0][0]
    assert (eleven.stat().st_size - one) / 10 <= 4096
    assert eleven.read_bytes() == again.read_bytes()


def test_svg_defines_what_repeats_once_per_page(tmp_path):
    import xml.etree.ElementTree as ET

    written = run_print("wobbly-cafe", players=3, fmt="svg", output=tmp_path / "w.svg")
    root = ET.fromstring(written[0][0].read_bytes())
    ns = {"s": "http://www.w3.org/2000/svg", "x": "http://www.w3.org/1999/xlink"}
    groups = root.findall("s:defs/s:g", ns)
    uses = root.findall("s:use", ns)
    assert groups and len(uses) >= 3
    ids = {g.get("id") for g in groups}
    assert all(u.get("{http://www.w3.org/1999/xlink}href")[1:] in ids for u in uses)


def test_an_element_that_differs_on_every_sheet_is_drawn_in_place_with_the_same_result(monkeypatch):
    # past a few different drawings an element stops being kept for reuse; the PDF does not change
    from rollwrite import sheet
    from rollwrite.output import format_for, render

    def pdf(keep: int) -> bytes:
        monkeypatch.setattr(sheet, "_KEEP_BUILDS", keep)
        return render(print_scene("long-way", daily="2027-01-01", days=12), format_for("pdf", None))[0]

    assert pdf(1) == pdf(10_000)


@pytest.mark.parametrize("item", [
    sc.Text(1.5, 2.25, "x", size=9.0), sc.Line(0.0, 1.0, 2.0, 3.0, width=0.3, dash=(1.0, 0.5)),
    sc.Rect(1.0, 2.0, 3.0, 4.0, width=0.25, radius=0.4), sc.Circle(1.0, 1.0, 2.0, width=0.2),
    sc.Path(((0.0, 0.0), (1.0, 2.0)), True, width=0.3), sc.Curve((0.0, 0.0), (((1.0, 1.0), (2.0, 2.0), (3.0, 0.0)),)),
    sc.Use("s", 1.0, 2.0, 0.5),
])
def test_moving_an_item_is_a_replace_through_init(item):
    moved = sc.placed([item], 3.0, -2.0, 1.5)[0]
    assert type(moved) is type(item)
    again = replace(moved, **{name: getattr(moved, name) for name in fields(moved)})  # __init__ accepts it
    assert again == moved and hash(again) == hash(moved)
    assert sc.placed([item], 0.0, 0.0)[0] == item


class _Pair(Value):
    left: object
    right: object


_TEXTS = st.sampled_from(["", "plain", "{n}", "Day {day}", "{ not one }", "{2x}", "{a}{b}", "a {", "}"])
_VALUES = st.recursive(
    st.one_of(_TEXTS, st.integers(-3, 3), st.floats(allow_nan=False, width=16), st.none(), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.lists(inner, max_size=3).map(tuple),
                            st.dictionaries(_TEXTS, inner, max_size=3), st.builds(_Pair, inner, inner)),
    max_leaves=30)


@settings(max_examples=examples(300), deadline=None)
@given(values=st.lists(_VALUES, min_size=1, max_size=4), shared=_VALUES)
def test_a_placeholder_is_found_as_the_plain_walk_finds_it(values, shared):
    # each value on its own, and several elements that hold one value between them looked into with
    # one record of what was seen (as the sharing of a run does): the plain walk's answers
    from rollwrite.sheet import _has_placeholder

    seen: dict = {}
    for v in values + [shared, (shared, 1), [[shared]], shared]:
        assert _has_placeholder(v) == measures.has_placeholder(v)
        assert _has_placeholder(v, 0, seen) == measures.has_placeholder(v)
    deep = shared
    for _ in range(10):  # deeper than the walk goes: the same answer at each depth, seen or not
        deep = [deep]
        assert _has_placeholder(deep, 0, seen) == measures.has_placeholder(deep)
