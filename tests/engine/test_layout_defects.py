"""Smaller defects of the layout language, each with its message pinned: extending a built-in game under
another name, a plain item in a list of relative values, a misspelled id in an override, a mistake in an
inherited value, and the count of elements written in groups."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import check_geometry, load_layout


def err(tmp_path: Path, monkeypatch, text: str) -> str:
    monkeypatch.chdir(tmp_path)
    Path("mine.yaml").write_text(textwrap.dedent(text))
    with pytest.raises(InputError) as info:
        check_geometry(load_layout("mine.yaml"))
    return str(info.value)


def test_extending_a_builtin_game_under_another_game_name_says_so_once_at_the_game_line(tmp_path, monkeypatch):
    assert err(tmp_path, monkeypatch, "extends: long-way\ngame: my-way\ntitle: Mine\n") == (
        "mine.yaml:2:7: game: 'my-way' is not the game 'long-way' of the layout this one extends, whose sheet "
        "draws long-way's own elements ('long-way.answer' at layouts/long-way.yaml:67:13)\n"
        "  hint: keep 'game: long-way' to print its sheet with your changes, or write a layout of your own "
        "without 'extends'")


def test_a_plain_item_among_relative_ones_is_refused_not_silently_set(tmp_path, monkeypatch):
    assert err(tmp_path, monkeypatch, """\
        extends: long-way
        sheet:
          elements:
            - {id: title, at: [+=5, 0]}
        """) == (
        "mine.yaml:4:29: sheet.elements[0].at[1]: in a list with relative values each item changes its own: "
        "'0' here would replace it, not keep it\n  hint: write '+=0' for an item that stays")


def test_a_misspelled_id_in_an_override_is_named(tmp_path, monkeypatch):
    assert err(tmp_path, monkeypatch, "extends: long-way\nsheet:\n  elements:\n    - {id: titel, text: Mine}\n") == (
        "mine.yaml:4:12: sheet.elements[0].id: there is no element with id 'titel' in the layout this one extends\n"
        "  hint: did you mean 'title'?")


def test_a_mistake_in_an_inherited_value_is_reported_at_the_extends_line(tmp_path, monkeypatch):
    assert err(tmp_path, monkeypatch, "extends: long-way\nsheet:\n  size: [100, 100]\n") == (
        "mine.yaml:1:10: extends: layouts/long-way.yaml:41:7: sheet.elements[2]: this name-field reaches from "
        "(118.0, 3.8) to (189.5, 8.0) mm, outside the 100 x 100 mm sheet (in 'long-way', which this layout "
        "extends)\n  hint: move it with 'at' or make it smaller")


def test_elements_written_inside_groups_count_towards_the_500(tmp_path, monkeypatch):
    rows = "".join(f"        - {{type: text, at: [1, {1 + k % 90}], text: x}}\n" for k in range(535))
    text = ("game: many\ntitle: t\nsheet:\n  size: [100, 100]\n  elements:\n"
            "    - type: group\n      overlaps: true\n      elements:\n" + rows)
    monkeypatch.chdir(tmp_path)
    Path("many.yaml").write_text(text)
    with pytest.raises(InputError) as info:
        load_layout("many.yaml")
    assert str(info.value).startswith(
        "many.yaml:508:11: sheet.elements[0].elements[499]: a sheet may have at most 500 elements, those in "
        "groups counted; this is element 501")
