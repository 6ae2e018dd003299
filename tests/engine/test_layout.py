"""Layouts: every built-in layout is valid on A4 and Letter; mistakes are reported where they are."""

from __future__ import annotations

import textwrap

import pytest

from rollwrite import games
from rollwrite.errors import InputError, UsageError
from rollwrite.layoutlang.layout import builtin_slugs, check_geometry, load_builtin, load_layout, parse_layout

MINIMAL = textwrap.dedent(
    """\
    game: my-game
    title: My Game
    sheet:
      size: [100, 60]
      elements:
        - type: text
          at: [5, 10]
          text: Hello
        - type: grid
          at: [5, 20]
          rows: 3
          cols: 4
          cell: 10
    """
)


def err(text: str, name: str = "layouts/x.yaml") -> str:
    with pytest.raises(InputError) as info:
        layout = parse_layout(text, name)
        check_geometry(layout)
    return str(info.value)


def test_every_builtin_game_has_a_layout_and_a_registered_game():
    assert set(builtin_slugs()) >= {"long-way"}
    for slug in builtin_slugs():
        assert games.get(slug) is not None, slug


@pytest.mark.parametrize("slug", builtin_slugs())
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_builtin_layouts_fit_both_papers(slug, paper):
    layout = load_builtin(slug)
    check_geometry(layout, paper)
    assert layout.game == slug and layout.title


def test_minimal_user_layout_loads():
    layout = parse_layout(MINIMAL, "mine.yaml")
    assert layout.sheet.width == 100 and len(layout.sheet.elements) == 2
    assert layout.data is None and layout.dice is None


def test_bad_rows_pinned_message():
    text = MINIMAL.replace("rows: 3", "rows: seven")
    assert err(text) == "layouts/x.yaml:11:13: sheet.elements[1].rows: expected a positive whole number, got 'seven'"


def test_unknown_element_key_did_you_mean():
    text = MINIMAL.replace("cols: 4", "colums: 4")
    assert err(text) == "layouts/x.yaml:12:7: sheet.elements[1]: 'cols' is missing; did you mean 'colums' -> 'cols'?"
    # nothing like it given: where to add it
    text = MINIMAL.replace("cols: 4", "shape: null")
    assert err(text) == "layouts/x.yaml:9:7: sheet.elements[1]: 'cols' is missing\n  hint: add 'cols:' to sheet.elements[1]"
    # with both given, the typo itself is named
    text = MINIMAL.replace("cols: 4", "cols: 4\n      colums: 4")
    assert err(text) == "layouts/x.yaml:13:7: sheet.elements[1].colums: unknown key 'colums'\n  hint: did you mean 'cols'?"


def test_unknown_element_type():
    text = MINIMAL.replace("type: grid", "type: gird")
    assert err(text).startswith("layouts/x.yaml:9:13: sheet.elements[1].type: unknown element type 'gird'\n  hint: did you mean 'grid'?")


def test_element_outside_the_sheet():
    text = MINIMAL.replace("at: [5, 20]", "at: [70, 20]")
    assert err(text) == (
        "layouts/x.yaml:9:7: sheet.elements[1]: this grid reaches from (70.0, 20.0) to (110.0, 50.0) mm, outside the "
        "100 x 60 mm sheet\n  hint: move it with 'at' or make it smaller"
    )


def test_sheet_too_big_for_the_page():
    text = MINIMAL.replace("size: [100, 60]", "size: [300, 60]")
    assert err(text) == (
        "layouts/x.yaml:4:9: sheet.size: a 300 x 60 mm sheet does not fit on a4 paper: 190 x 269 mm is free inside "
        "the 10 mm margins and above the footer\n"
        "  hint: it fits on a3, legal, tabloid paper; on a4 it fits up to scale 0.92; or narrow the margin"
    )
    # a sheet wider than tall turns the page rather than being refused
    wide = MINIMAL.replace("size: [100, 60]", "size: [250, 60]")
    layout = parse_layout(wide, "wide.yaml")
    from rollwrite.planner import plan_page

    assert plan_page(layout.page, 250, 60).orientation == "landscape"


def test_unknown_top_level_key_and_paper():
    assert "did you mean 'title'?" in err("titel: x\n" + MINIMAL)
    assert err(MINIMAL + "page:\n  paper: a6\n") == (
        "layouts/x.yaml:15:10: page.paper: unknown paper 'a6'\n"
        "  hint: choose a3, a4, a5, letter, legal, tabloid, or WIDTHxHEIGHT with mm, cm or in (e.g. 100x150mm, 4x6in)"
    )


def test_text_with_a_glyph_the_font_lacks():
    text = MINIMAL.replace("text: Hello", "text: 'Hello \u6f22'")
    assert "has no glyph for" in err(text)


def test_dice_section_is_checked():
    text = MINIMAL + "dice:\n  count: 2\n  turns: 5\n  labels: [a]\n"
    assert err(text) == "layouts/x.yaml:17:11: dice.labels: expected 2 labels (one per die), got 1"


def test_unknown_builtin_names_the_known_games():
    with pytest.raises(UsageError) as info:
        load_builtin("long-wya")
    assert "did you mean 'long-way'?" in str(info.value) and "known games:" in str(info.value)


def test_missing_and_non_utf8_files(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_layout(tmp_path / "nope.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"game: x\ntitle: \xff\n")
    with pytest.raises(InputError) as info:
        load_layout(bad)
    assert str(info.value).endswith(":2: the file is not UTF-8 text\n  hint: save it as UTF-8")


def test_game_name_must_be_a_slug():
    assert err(MINIMAL.replace("game: my-game", "game: My Game")) == (
        "layouts/x.yaml:1:7: game: 'My Game' is not a game name\n  hint: use lower-case letters, digits and '-', e.g. my-game"
    )
