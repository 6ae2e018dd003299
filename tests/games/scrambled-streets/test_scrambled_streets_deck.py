"""The reconstructed deck (docs/rules/scrambled-streets.md), the loader's checks of the card geometry,
and the printed deck read back with pypdf."""

from __future__ import annotations

import io
import itertools
from collections import Counter

import pytest
from pypdf import PdfReader

from rollwrite.core.printrun import run_print
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import load_builtin, parse_layout

LAYOUT = load_builtin("scrambled-streets")
DECK = LAYOUT.data


def kind(a: int, b: int) -> str:
    n = "".join(sorted(DECK.names[a] + DECK.names[b]))
    return {"ad": "straight", "bf": "across", "ce": "across", "be": "diagonal", "cf": "diagonal",
            "ab": "short", "af": "short", "cd": "short", "de": "short",
            "ac": "long", "ae": "long", "bd": "long", "df": "long", "bc": "u-turn", "ef": "u-turn"}[n]


def test_deck_is_balanced():
    counts = Counter((kind(s.a, s.b), s.colour) for card in DECK.cards for s in card.streets)
    table = {"straight": 4, "across": 6, "diagonal": 8, "short": 12, "long": 12, "u-turn": 6}
    for k, n in table.items():
        for colour in ("black", "white", "gray"):
            assert counts[(k, colour)] == n, (k, colour)
    assert sum(counts.values()) == 144


def test_every_card_has_one_street_of_each_colour_and_every_pattern_is_there_once():
    assert len(DECK.cards) == 48
    assert all(sorted(s.colour for s in c.streets) == ["black", "gray", "white"] for c in DECK.cards)
    patterns = {DECK.canonical(c) for c in DECK.cards}
    assert len(patterns) == 48  # no two cards alike, even turned
    # ... and none is missing: every pairing of the six points with every colouring
    everything = set()
    for perm in itertools.permutations(range(6)):
        pairs = [tuple(sorted(perm[i:i + 2])) for i in (0, 2, 4)]
        for colours in itertools.permutations(("black", "white", "gray")):
            streets = tuple(sorted((a, b, c) for (a, b), c in zip(pairs, colours)))
            turned = tuple(sorted((min(DECK.turn[a], DECK.turn[b]), max(DECK.turn[a], DECK.turn[b]), c)
                                  for a, b, c in streets))
            everything.add(min(streets, turned))
    assert patterns == everything


def test_swapping_black_and_white_gives_the_same_deck():
    swap = {"black": "white", "white": "black", "gray": "gray"}
    patterns = {DECK.canonical(c) for c in DECK.cards}
    for card in DECK.cards:
        streets = [(s.a, s.b, swap[s.colour]) for s in card.streets]
        turned = [(min(DECK.turn[a], DECK.turn[b]), max(DECK.turn[a], DECK.turn[b]), c) for a, b, c in streets]
        assert min(tuple(sorted(streets)), tuple(sorted(turned))) in patterns


def test_geometry_read_from_the_points():
    n = DECK.names.index
    assert [DECK.names[DECK.turn[n(p)]] for p in "abcdef"] == list("defabc")
    assert DECK.meets[n("b")] == (0, 1, n("f")) and DECK.meets[n("c")] == (0, 1, n("e"))
    assert DECK.meets[n("d")] == (1, 0, n("a")) and DECK.meets[n("f")] == (0, -1, n("b"))


def _with(text_from: str, text_to: str) -> str:
    from rollwrite.resources import layouts_dir

    text = (layouts_dir() / "scrambled-streets.yaml").read_text(encoding="utf-8")
    assert text_from in text
    return text.replace(text_from, text_to, 1)


@pytest.mark.parametrize("old, new, message", [
    ("    b: [1, 0.3333]", "    b: [1, 0.25]", "turning a card half round moves point 'b'"),
    ("    a: [0.5, 0]", "    a: [0.4, 0]", "turning a card half round moves point 'a'"),
    ("    a: [0.5, 0]", "    a: [0, 0]", "is not on exactly one edge"),
    ("    1: ab black, cd white, ef gray", "    1: ab black, bd white, ef gray", "card 1: every point is the end of exactly one street"),
    ("    1: ab black, cd white, ef gray", "    1: ab black, cd pink, ef gray", "'pink' is not a street colour"),
    ("    1: ab black, cd white, ef gray", "    1: ab black, cd white", "card 1 has 2 streets"),
    ("    2: ab black", "    49: ab black", "expected 2 here, got '49'"),
])
def test_layout_mistakes_are_named_with_their_place(old, new, message):
    with pytest.raises(InputError) as e:
        parse_layout(_with(old, new), "deck.yaml")
    assert message in str(e.value) and e.value.file == "deck.yaml" and e.value.line


def test_points_that_do_not_face_each_other_are_refused():
    text = _with("    b: [1, 0.3333]\n    c: [1, 0.6667]\n    d: [0.5, 1]\n    e: [0, 0.6667]\n    f: [0, 0.3333]",
                 "    b: [1, 0.3]\n    c: [1, 0.6667]\n    d: [0.5, 1]\n    e: [0, 0.7]\n    f: [0, 0.3333]")
    with pytest.raises(InputError) as e:
        parse_layout(text, "deck.yaml")
    assert "no partner" in str(e.value) or "turning a card" in str(e.value)


@pytest.mark.parametrize("paper, per_page, cols", [("a4", 8, 4), ("letter", 6, 3)])
def test_printed_deck(tmp_path, paper, per_page, cols):
    [(pdf, pages)] = run_print("scrambled-streets", paper=paper, output=tmp_path / "deck.pdf")
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    fronts = -(-48 // per_page)
    assert pages == len(reader.pages) == 2 * fronts + 1  # fronts, each followed by its backs; the rules page
    numbers = []
    for k in range(fronts):
        text = reader.pages[2 * k].extract_text()
        numbers += [int(w) for w in text.split() if w.isdigit() and 1 <= int(w) <= 48]
        page = reader.pages[2 * k]
        trim = [float(v) for v in page.trimbox]
        # poker cards with a 3 mm bleed, 6 mm apart: the trimmed block is cols x 63 mm and the gutters
        # wide (A4 turned 4 x 2, Letter turned 3 x 2)
        assert round((trim[2] - trim[0]) * 25.4 / 72, 1) == cols * 63.0 + (cols - 1) * 6.0
    assert sorted(set(numbers)) == list(range(1, 49))
    assert "rules and score log" in reader.pages[-1].extract_text()


def test_crop_marks_stay_outside_the_cards():
    from rollwrite.draw.scene import Line
    from rollwrite.sheet import build_scene, plan_page

    scene = build_scene(LAYOUT, sheets=48)
    plan = plan_page(LAYOUT.page, 63, 88)
    assert plan.per_page == 8
    edge = 5.0  # a desktop printer's unprinted edge: every mark is inside it
    for k, page in enumerate(scene.pages[0:12]):  # the fronts and their backs, both cut
        slots = list(plan.slots) if k % 2 == 0 else [plan.back_slot(i) for i in range(8)]
        used = slots[: min(8, 48 - 8 * (k // 2))]
        marks = [it for it in page.items if isinstance(it, Line) and it.color == "#000000" and it.width == 0.2]
        assert marks
        for m in marks:
            assert edge <= min(m.x1, m.x2) and max(m.x1, m.x2) <= page.width - edge
            assert edge <= min(m.y1, m.y2) and max(m.y1, m.y2) <= page.height - edge
            for s in slots:
                x0, y0, x1, y1 = s.bleed
                crosses = (min(m.x1, m.x2) < x1 - 0.01 and max(m.x1, m.x2) > x0 + 0.01
                           and min(m.y1, m.y2) < y1 - 0.01 and max(m.y1, m.y2) > y0 + 0.01)
                assert not crosses, (m, s.bleed)
        # every cut line has a mark at least 2 mm long running to the printed edge, so it survives the
        # first cut: the cuts down the page above the cards (below them on a page of backs, turned over
        # top to bottom), the cuts across at both sides
        for s in used:
            for x in (s.trim[0], s.trim[2]):
                assert any(abs(m.x1 - x) < 0.01 and m.x1 == m.x2 and abs(m.y1 - m.y2) >= 2
                           and (min(m.y1, m.y2) == edge or max(m.y1, m.y2) == page.height - edge) for m in marks)
            for y in (s.trim[1], s.trim[3]):
                assert any(abs(m.y1 - y) < 0.01 and m.y1 == m.y2 and min(m.x1, m.x2) == edge for m in marks)
                assert any(abs(m.y1 - y) < 0.01 and m.y1 == m.y2 and max(m.x1, m.x2) == page.width - edge
                           for m in marks)


def test_backs_are_mirrored(tmp_path):
    from rollwrite.sheet import build_scene, plan_page

    plan = plan_page(LAYOUT.page, 63, 88)
    scene = build_scene(LAYOUT, sheets=48)
    back = plan.back_slot(0)  # A4 turned, flipped on its long edge: the top row's backs are in the bottom row
    assert back.col == 0 and back.row == plan.rows - 1
    assert len(scene.pages) == 2 * 6 + 1


def test_seeded_print_adds_the_deal_page(tmp_path):
    [(pdf, pages)] = run_print("scrambled-streets", seed="rainy-day", output=tmp_path / "d.pdf")
    reader = PdfReader(str(pdf))
    assert pages == len(reader.pages) == 14
    text = reader.pages[-1].extract_text()
    assert "scrambled-streets#rainy-day" in text and "Draw pile" in text
    from rollwrite.dice import DealSpec, make_deal

    deal = make_deal("scrambled-streets", "scrambled-streets#rainy-day", DealSpec(48, 4))
    assert f"top left: card {deal.start[0]}" in text


def test_the_rules_say_how_the_deck_prints():
    """docs/rules/scrambled-streets.md: 48 cards on six sheets of eight (A4, as the layout prints them)."""
    from pathlib import Path

    from rollwrite.sheet import plan_page

    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "scrambled-streets.md").read_text(encoding="utf-8")
    assert "print on six sheets of\neight cards" in doc
    assert plan_page(LAYOUT.page, 63, 88).per_page == 8 and -(-48 // 8) == 6


@pytest.mark.parametrize("number", [1, 6, 10, 48])
def test_card_numbers_keep_to_the_eighth_inch_safe_area(number):
    """The number and its ring stay 1/8 in (3.175 mm) inside the cut, as print-on-demand shops ask; the
    layout's safe area says so too, so print refuses any text nearer the cut."""
    from rollwrite.draw.metrics import text_width
    from rollwrite.draw.scene import Circle, Scene, Text
    from rollwrite.games.scrambled_streets.sheet import draw_card

    assert LAYOUT.page.safe == 3.175
    page = Scene().new_page(100, 100)
    draw_card(page.pen(), LAYOUT.data, number, bleed=3.0)
    ring = next(it for it in page.items if isinstance(it, Circle))
    assert min(ring.cx, ring.cy) - ring.r - ring.width / 2 >= 3.175 - 1e-9
    label = next(it for it in page.items if isinstance(it, Text) and it.text == str(number))
    assert label.x - text_width(label.text, label.size, label.font) / 2 >= 3.175
    assert label.y - label.size * 0.3528 * 0.75 >= 3.175


def test_the_score_log_reads_as_one_game_in_play_order_not_a_table_a_player(tmp_path):
    """The players' names go on one line above the log; each block of the log is headed by its turns
    (both players' points on every row), so neither block reads as one player's."""
    from rollwrite.draw.scene import Text
    from rollwrite.sheet import build_scene

    scene = build_scene(LAYOUT, sheets=1)
    rules = next(p for p in scene.pages if any(isinstance(t, Text) and t.text == "rules and score log"
                                              for t in scene.page_items(p)))
    texts = [t for t in scene.page_items(rules) if isinstance(t, Text)]
    names = [t for t in texts if t.text in ("Players:", "Black", "White") and t.font == "bold" or t.text == "Players:"]
    heads = [t.text for t in texts if t.text.startswith("Turns ")]
    assert heads == ["Turns 1 to 22, both players, in play order", "Turns 23 to 44, both players, in play order"]
    labels = [t for t in texts if t.text in ("Black", "White") and t.y < min(h.y for h in texts if h.text in heads)]
    assert len(labels) == 2 and labels[0].y == labels[1].y  # the two names on one line, above both blocks
    assert names
